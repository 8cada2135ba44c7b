import { useEffect, useState } from 'react';
import { Skeleton } from './skeleton.tsx';

/** A QR code drawn in the browser; the `qrcode` library loads only when a page shows one (checkout, /share). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async ({ toDataURL }) => {
      const url = await toDataURL(text, { margin: 1, width: 224, errorCorrectionLevel: 'M' });
      if (live) setImage({ text, url });
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!image || image.text !== text) return <Skeleton className="size-56 rounded-xl" />;
  return <img src={image.url} alt={label} width={224} height={224} className="size-56 rounded-xl bg-white p-2" />;
}
