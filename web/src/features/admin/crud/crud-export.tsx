import { seededNameLabels } from './seeded-names.ts';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi, type IndexParams } from '../api/crud.ts';
import type { CrudField, ExportColumnSpec } from './types.ts';

const POLL_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function save(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** What the server writes for each visible column: the admin's header and option texts, the cell format. */
export function exportColumns(fields: CrudField[], label: (f: CrudField) => string, t: (key: string) => string): ExportColumnSpec[] {
  return fields.map((f) => {
    const column = f.column || undefined;
    const spec: ExportColumnSpec = { name: column?.exportPath ?? f.name, title: label(f), format: 'text' };
    if (column?.exportSeededName) Object.assign(spec, { format: 'enum', labels: seededNameLabels(t) });
    if (f.type === 'money' || column?.exportFormat === 'money') spec.format = 'money';
    if (f.type === 'datetime') spec.format = 'datetime';
    if (f.type === 'switch') spec.format = 'switch';
    if (f.type === 'switch') spec.labels = { '1': t('common.enabled'), '0': t('common.disabled'), enable: t('common.enabled'), disable: t('common.disabled') };
    if (f.type === 'select' && f.options) {
      spec.format = 'enum';
      spec.labels = Object.fromEntries(f.options.map((o) => [String(o.value), t(o.label)]));
    }
    return spec;
  });
}

/**
 * Export button (decision 040): the server builds the file of the whole filtered list as a job;
 * this polls the job and downloads the file when it is ready.
 */
export function CrudExport({ controller, params, columns }: { controller: string; params: IndexParams; columns: () => ExportColumnSpec[] }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function run(format: 'csv' | 'xlsx') {
    setBusy(true);
    try {
      const { quickSearch, search, order } = params;
      const { id } = await crudApi.startExport(controller, { quickSearch, search, order, format, columns: columns(), tz_offset: new Date().getTimezoneOffset() });
      for (;;) {
        await sleep(POLL_MS);
        const status = await crudApi.exportStatus(id);
        if (status.state === 'done') return save(await crudApi.exportFile(id), status.file_name);
        if (status.state === 'failed') return void message.error(status.error);
      }
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dropdown
      menu={{
        items: [
          { key: 'csv', label: t('crud.exportCsv'), onClick: () => void run('csv') },
          { key: 'xlsx', label: t('crud.exportExcel'), onClick: () => void run('xlsx') },
        ],
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} aria-label={t('crud.export')} data-testid="crud-export" />
    </Dropdown>
  );
}
