import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getLanguage } from '../../../../stores/language.ts';
import { RemoteSelect } from '../../crud/remote-select.tsx';

/** `scope_ids` on the wire ("3,7") ↔ the pickers' id list. */
export const scopeIdsToForm = (value: unknown): number[] =>
  String(value ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
export const scopeIdsFromForm = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value ?? ''));

/**
 * The coupon's scope ids, picked by what the scope says (issue 18): "type" → a tree select of the
 * shop's types, "items" → a select of items searched by title on the server; "all" needs none.
 * Changing the scope clears the ids (a type id is not an item id). The server refuses unknown ids.
 */
export function CouponScopeInput({ value, onChange }: { value?: unknown; onChange?: (value: unknown) => void }) {
  const { t } = useTranslation('admin');
  const scope = Form.useWatch('scope', Form.useFormInstance()) as string | undefined;
  const previous = useRef(scope);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== scope) onChange?.([]);
    previous.current = scope;
  }, [scope, onChange]);
  const en = getLanguage() === 'en';
  const ids = Array.isArray(value) ? value : scopeIdsToForm(value);
  if (scope === 'type') {
    return <RemoteSelect key="type" source={{ controller: 'shop/type', labelField: en ? 'name_en' : 'name_zh', tree: true, multiple: true }} value={ids} onChange={onChange} testId="coupon-scope-types" />;
  }
  if (scope === 'items') {
    return <RemoteSelect key="items" source={{ controller: 'shop/course', labelField: en ? 'title_en' : 'title_zh', multiple: true }} value={ids} onChange={onChange} testId="coupon-scope-items" />;
  }
  return <span className="text-sm text-neutral-500" data-testid="coupon-scope-all">{t('coupon.scopeAllHelp')}</span>;
}
