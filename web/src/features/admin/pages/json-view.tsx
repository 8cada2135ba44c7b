import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A "details" button showing a JSON value in a dialog. */
export function JsonDetails({ title, value }: { title: string; value: unknown }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type="link" onClick={() => setOpen(true)} data-testid="row-details">
        {t('crud.details')}
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={title} width={640}>
        <pre className="max-h-[60vh] overflow-auto rounded-md bg-black/5 p-3 text-xs dark:bg-white/5">{JSON.stringify(value, null, 2)}</pre>
      </Modal>
    </>
  );
}
