import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_TOPIC_PATTERN } from '@framecraft/contracts/constants';
import { attachmentCrud, type AttachmentRow } from '@framecraft/contracts/crud/routine';
import { Button, Form, Image, Input, Modal, Tag } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/upload/index.ts';
import { useSiteConfig } from '../../../stores/site-config.ts';
import { fullUrl } from '../../../utils/full-url.ts';
import { formatBytes } from '../../../utils/format-bytes.ts';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import type { Row } from '../crud/types.ts';
import { PageCard } from './page-card.tsx';

/** A thumbnail for pictures, a small player for video, the file type otherwise. */
function Preview({ row }: { row: Row }) {
  const url = fullUrl(String(row.url));
  const type = String(row.mimetype);
  if (type.startsWith('image/')) return <Image src={url} width={56} height={40} style={{ objectFit: 'cover', borderRadius: 6 }} />;
  if (type.startsWith('video/')) return <video src={url} controls preload="metadata" className="h-10 w-16 rounded-md bg-black" />;
  return <Tag>{type || '?'}</Tag>;
}

const uploader = (_value: unknown, row: Row) => {
  const who = (row.admin as { username?: string } | null)?.username ?? (row.user as { username?: string } | null)?.username;
  return who ? <span>{who}</span> : null;
};

const overrides: FieldOverrides = {
  url: { column: { render: (_v, row) => <Preview row={row} />, text: (v) => String(v ?? '') } },
  size: { column: { render: (v) => formatBytes(Number(v)) } },
  admin_id: { column: { render: uploader } },
  user_id: { column: { render: (_v, row) => (row.user as { username?: string } | null)?.username ?? '' } },
};

/**
 * Puts files into the library (several at once, dragged or picked, each with progress, cancel and
 * retry) under a topic; the table reloads as each one is stored.
 */
function UploadDialog({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation('admin');
  const cdnUrl = useSiteConfig((s) => s.cdnUrl);
  const [open, setOpen] = useState(false);
  const [urls, setUrls] = useState<string[]>([]);
  const [topic, setTopic] = useState('');
  const topicValid = topic === '' || UPLOAD_TOPIC_PATTERN.test(topic);
  const close = () => {
    setOpen(false);
    setUrls([]);
  };
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="attachment-upload">
        {t('attachment.upload')}
      </Button>
      <Modal open={open} title={t('attachment.dialogTitle')} onCancel={close} destroyOnHidden footer={<Button type="primary" onClick={close} data-testid="attachment-upload-done">{t('attachment.done')}</Button>}>
        <Form layout="vertical">
          <Form.Item label={t('fields.topic')} help={topicValid ? t('attachment.topicHint') : t('attachment.topicInvalid')} validateStatus={topicValid ? '' : 'error'}>
            <Input value={topic} placeholder="default" maxLength={20} onChange={(e) => setTopic(e.target.value.trim())} />
          </Form.Item>
        </Form>
        <Suspense fallback={null}>
          <FileUpload
            context="admin"
            topic={topic || undefined}
            disabled={!topicValid}
            cdnUrl={cdnUrl}
            value={urls}
            onChange={(next) => {
              setUrls(next);
              onUploaded();
            }}
          />
        </Suspense>
      </Modal>
    </>
  );
}

/** routine/attachment — uploaded files; deleting one removes the stored file too. */
export default function AttachmentPage() {
  return (
    <PageCard>
      <CrudTable<AttachmentRow> definition={attachmentCrud} overrides={overrides} actions={['del', 'export']} toolbar={(_selected, reload) => <UploadDialog onUploaded={reload} />} />
    </PageCard>
  );
}
