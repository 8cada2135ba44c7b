import type { CourseDetail } from '@framecraft/contracts/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMemberStore } from '../../../stores/member.ts';
import { setCollected } from '../api/member-lists.ts';

export interface Favourite {
  collected: boolean;
  busy: boolean;
  toggle: () => Promise<void>;
}

/**
 * The favourite state of an item, shared by the purchase box and the phone buy bar so both show
 * the same; a visitor is sent to log in first.
 */
export function useFavourite(item: Pick<CourseDetail, 'id' | 'collected'>): Favourite {
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [collected, setCollectedState] = useState(item.collected);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!loggedIn) {
      navigate(`/login?redirect=${encodeURIComponent(pathname)}`);
      return;
    }
    setBusy(true);
    try {
      await setCollected(item.id, !collected);
      setCollectedState(!collected);
      void queryClient.invalidateQueries({ queryKey: ['catalogue', 'collections'] });
    } finally {
      setBusy(false);
    }
  };
  return { collected, busy, toggle };
}
