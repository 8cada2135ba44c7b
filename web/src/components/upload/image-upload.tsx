import { fullUrl } from '@framecraft/contracts/url';
import { Button, Image, Progress, Space, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCancel, type RequestContext } from '../../lib/request';
import { loadNamespaces } from '../../lib/i18n.ts';
import { uploadFile, type UploadedFile } from './upload-file.ts';

export interface ImageUploadProps {
  /** The stored relative URL (e.g. the member's `avatar`); '' when none. */
  value?: string;
  /** Called with the new stored URL and the server's file record; '' on remove. */
  onChange?: (url: string, file?: UploadedFile) => void;
  /** 'user' in the member centre, 'admin' in the back office. */
  context: RequestContext;
  /** Upload topic, e.g. 'avatar' or 'cover'. */
  topic?: string;
  /** Round preview for avatars. */
  shape?: 'circle' | 'square';
  /** Preview edge in px. */
  size?: number;
  /** CDN base for previews (site setting cdnUrl). */
  cdnUrl?: string;
  disabled?: boolean;
}

type State = { phase: 'idle' } | { phase: 'uploading'; percent: number } | { phase: 'failed'; message: string; file: File };

/**
 * One image with preview, drag and drop, progress (2 decimals), cancel and retry. Built on antd's
 * Upload (the member centre and back office face); the file goes through uploadFile, not antd's XHR.
 * Cropping is not built yet.
 */
export default function ImageUpload({ value = '', onChange, context, topic, shape = 'square', size = 104, cdnUrl, disabled }: ImageUploadProps) {
  const { t } = useTranslation('uploads');
  const [state, setState] = useState<State>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    void loadNamespaces(['uploads']);
    return () => controller.current?.abort();
  }, []);

  const start = async (file: File) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'uploading', percent: 0 });
    try {
      const stored = await uploadFile(file, {
        context,
        topic,
        signal: abort.signal,
        onProgress: ({ percent }) => setState({ phase: 'uploading', percent }),
      });
      setState({ phase: 'idle' });
      onChange?.(stored.url, stored);
    } catch (error) {
      if (isCancel(error)) setState({ phase: 'idle' });
      else setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error), file });
    }
  };

  const preview = value ? fullUrl(value, { cdnUrl, origin: window.location.origin }) : '';
  const radius = shape === 'circle' ? '50%' : 8;
  return (
    <Space direction="vertical" size={8}>
      <Upload.Dragger
        accept="image/*"
        showUploadList={false}
        disabled={disabled || state.phase === 'uploading'}
        beforeUpload={(file) => {
          void start(file);
          return false;
        }}
        style={{ width: size, height: size, borderRadius: radius, overflow: 'hidden', padding: 0 }}
      >
        {state.phase === 'uploading' ? (
          <Progress type="circle" size={size - 24} percent={state.percent} format={(p) => `${(p ?? 0).toFixed(2)}%`} />
        ) : preview ? (
          <Image src={preview} alt={t('preview')} preview={false} width={size - 2} height={size - 2} style={{ objectFit: 'cover', borderRadius: radius }} />
        ) : (
          <span>{t('drop')}</span>
        )}
      </Upload.Dragger>
      {state.phase === 'uploading' && (
        <Button size="small" onClick={() => controller.current?.abort()}>
          {t('cancel')}
        </Button>
      )}
      {state.phase === 'failed' && (
        <Space size={4} wrap>
          <span role="alert">{state.message}</span>
          <Button size="small" onClick={() => void start(state.file)}>
            {t('retry')}
          </Button>
        </Space>
      )}
      {value && state.phase === 'idle' && !disabled && (
        <Button size="small" type="link" onClick={() => onChange?.('')}>
          {t('remove')}
        </Button>
      )}
    </Space>
  );
}
