import { Modal, Slider } from 'antd';
import { useEffect, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { coversWholeImage, outputSize, outputType, renamed, type CropArea } from './crop.ts';

export interface ImageCropDialogProps {
  file: File;
  /** Width / height, e.g. 1 for avatars, 16 / 9 for covers. */
  aspect: number;
  round?: boolean;
  /** Longest edge of the result in px (avatars need no more); unlimited when left out. */
  maxEdge?: number;
  onDone: (file: File) => void;
  onCancel: () => void;
}

async function cropFile(file: File, source: string, area: CropArea, maxEdge?: number): Promise<File> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const size = outputSize(area, maxEdge);
  if (coversWholeImage(area, { width: image.naturalWidth, height: image.naturalHeight }) && size.width === Math.round(area.width)) return file;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')!.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  const type = outputType(file.type);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
  if (!blob) throw new Error('crop failed');
  return new File([blob], renamed(file.name, type), { type });
}

/** Crop before upload (react-easy-crop, loaded with this dialog): drag to move, slider or wheel to zoom. */
export default function ImageCropDialog({ file, aspect, round, maxEdge, onDone, onCancel }: ImageCropDialogProps) {
  const { t } = useTranslation('uploads');
  const [source] = useState(() => URL.createObjectURL(file));
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => URL.revokeObjectURL(source), [source]);

  const confirm = async () => {
    if (!area) return;
    setBusy(true);
    try {
      onDone(await cropFile(file, source, area, maxEdge));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('crop.title')} okText={t('crop.confirm')} cancelText={t('cancel')} onOk={() => void confirm()} onCancel={onCancel} confirmLoading={busy} okButtonProps={{ disabled: !area }} destroyOnHidden>
      <div style={{ position: 'relative', height: 320, background: '#111', borderRadius: 8, overflow: 'hidden' }}>
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          cropShape={round ? 'round' : 'rect'}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <div className="mt-3 flex items-center gap-3">
        <span className="text-sm opacity-70">{t('crop.zoom')}</span>
        <Slider className="flex-1" min={1} max={3} step={0.01} value={zoom} onChange={setZoom} tooltip={{ formatter: (v) => `${(v ?? 1).toFixed(2)}×` }} />
      </div>
    </Modal>
  );
}
