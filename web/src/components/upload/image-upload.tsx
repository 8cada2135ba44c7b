import { fullUrl } from '@framecraft/contracts/url';
import { Button, Progress, Space, Upload } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestContext } from '../../lib/request';
import { loadNamespaces } from '../../lib/i18n.ts';
import { keptUrl, type UploadedFile } from './upload-file.ts';
import { useUpload } from './use-upload.ts';

const ImageCropDialog = lazy(() => import('./image-crop-dialog.tsx'));

export interface ImageUploadProps {
  /** The stored relative URL (e.g. the member's `avatar`); '' when none. */
  value?: string;
  /** Called with the new stored URL and the server's file record; '' on remove. */
  onChange?: (url: string, file?: UploadedFile) => void;
  /** 'user' in the member centre, 'admin' in the back office. */
  context: RequestContext;
  /** Upload topic, e.g. 'avatar' or 'cover'. */
  topic?: string;
  /** Round preview (and round crop) for avatars. */
  shape?: 'circle' | 'square';
  /** Preview edge in px. */
  size?: number;
  /** Crop before upload: the aspect (1 for avatars, 16 / 9 for covers) and the longest edge kept. */
  crop?: { aspect: number; maxEdge?: number };
  /** CDN base for previews (site setting cdnUrl). */
  cdnUrl?: string;
  disabled?: boolean;
}

/**
 * One image with preview, drag and drop, optional crop, progress (2 decimals), cancel and retry.
 * Built on antd's Upload (the member centre and back office face); the file goes through
 * uploadFile (local or Qiniu), not antd's XHR.
 */
export default function ImageUpload({ value = '', onChange, context, topic, shape = 'square', size = 104, crop, cdnUrl, disabled }: ImageUploadProps) {
  const { t } = useTranslation('uploads');
  const [cropping, setCropping] = useState<File | null>(null);
  const { state, start, cancel, retry } = useUpload({ context, topic, onDone: (stored) => onChange?.(keptUrl(stored), stored) });
  useEffect(() => {
    void loadNamespaces(['uploads']);
  }, []);

  const preview = value ? fullUrl(value, { cdnUrl, origin: window.location.origin }) : '';
  const radius = shape === 'circle' ? '50%' : 8;
  const uploading = state.phase === 'uploading';
  return (
    <Space orientation="vertical" size={8} data-testid="image-upload">
      <Upload.Dragger
        accept="image/*"
        showUploadList={false}
        disabled={disabled || uploading}
        beforeUpload={(file) => {
          if (crop) setCropping(file);
          else void start(file);
          return false;
        }}
        style={{ width: size, height: size, borderRadius: radius, overflow: 'hidden', padding: 0 }}
        className="[&_.ant-upload-btn]:!flex [&_.ant-upload-btn]:!items-center [&_.ant-upload-btn]:!justify-center [&_.ant-upload-btn]:!p-0"
      >
        {uploading ? (
          <Progress type="circle" size={size - 24} percent={state.percent} format={(p) => `${(p ?? 0).toFixed(2)}%`} />
        ) : preview ? (
          <img src={preview} alt={t('preview')} width={size - 2} height={size - 2} style={{ objectFit: 'cover', borderRadius: radius, display: 'block' }} data-testid="image-upload-preview" />
        ) : (
          <span className="px-2 text-xs opacity-70">{t('drop')}</span>
        )}
      </Upload.Dragger>
      {uploading && (
        <Button size="small" onClick={cancel} data-testid="upload-cancel">
          {t('cancel')}
        </Button>
      )}
      {state.phase === 'failed' && (
        <Space size={4} wrap>
          <span role="alert" className="text-xs text-red-600">{state.message}</span>
          {state.retryable && (
            <Button size="small" onClick={retry} data-testid="upload-retry">
              {t('retry')}
            </Button>
          )}
        </Space>
      )}
      {value && !uploading && !disabled && (
        <Button size="small" type="link" onClick={() => onChange?.('')}>
          {t('remove')}
        </Button>
      )}
      {cropping && crop && (
        <Suspense fallback={null}>
          <ImageCropDialog
            file={cropping}
            aspect={crop.aspect}
            maxEdge={crop.maxEdge}
            round={shape === 'circle'}
            onCancel={() => setCropping(null)}
            onDone={(file) => {
              setCropping(null);
              void start(file);
            }}
          />
        </Suspense>
      )}
    </Space>
  );
}
