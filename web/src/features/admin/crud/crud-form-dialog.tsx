import { Form, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '../../../lib/request/index.ts';
import { newIdempotencyKey } from '../../../utils/idempotency-key.ts';
import { crudApi } from '../api/crud.ts';
import { FieldInput } from './field-input.tsx';
import { fromFormValues, toFormValues } from './form-values.ts';
import type { CrudField, CrudTableOptions, Row } from './types.ts';

type FormProps<R extends Row> = Pick<CrudTableOptions<R>, 'toForm' | 'fromForm' | 'idempotentAdd'> & { controller: string; fields: CrudField[] };

/**
 * The add/edit dialog of a table: one form item per field with a `form`, the server's field
 * messages shown on their items. `editing` is the fresh row, 'new', or null (closed).
 */
export function CrudFormDialog<R extends Row>({ editing, onClose, onSaved, label, ...props }: FormProps<R> & { editing: R | 'new' | null; onClose: () => void; onSaved: () => void; label: (f: CrudField) => string }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  // The add dialog's request key: new when the dialog opens, unchanged while it retries.
  const addKey = useRef('');
  const fields = props.fields.filter((f) => f.form !== false && f.form !== undefined && !(editing !== 'new' && f.form.addOnly));

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing === 'new') {
      const initial: Record<string, unknown> = {};
      for (const f of props.fields) if (f.form && f.form.defaultValue !== undefined) initial[f.name] = f.form.defaultValue;
      form.setFieldsValue(initial);
      addKey.current = newIdempotencyKey();
    } else {
      form.setFieldsValue(props.toForm ? props.toForm(editing) : toFormValues(props.fields, editing));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new dialog per opened row
  }, [editing]);

  async function save() {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || editing === null) return;
    const converted = fromFormValues(props.fields, values);
    if (Object.keys(converted.errors).length) return form.setFields(Object.entries(converted.errors).map(([name, message]) => ({ name, errors: [message] })));
    const body = props.fromForm ? props.fromForm(converted.body) : converted.body;
    setSaving(true);
    try {
      if (editing === 'new') await crudApi.add(props.controller, props.idempotentAdd ? { ...body, idempotency_key: addKey.current } : body);
      else await crudApi.edit(props.controller, { ...body, id: editing.id });
      onSaved();
    } catch (error) {
      const errors = isRequestError(error) ? (error.envelope?.data as { errors?: Record<string, string> } | null)?.errors : undefined;
      if (errors) form.setFields(Object.entries(errors).map(([name, message]) => ({ name, errors: [message] })));
    } finally {
      setSaving(false);
    }
  }

  const wide = fields.some((f) => f.type === 'richText');
  return (
    <Modal
      open={editing !== null}
      title={editing === 'new' ? t('crud.add') : t('crud.edit')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      destroyOnHidden
      width={wide ? 820 : 560}
      okButtonProps={{ ...{ 'data-testid': 'crud-save' } }}
    >
      <Form form={form} layout="vertical" className="pt-2" data-testid="crud-form">
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={label(f)}
            help={f.form && f.form.help ? t(f.form.help) : undefined}
            rules={f.form && f.form.required ? [{ required: true, message: t('crud.required') }] : undefined}
          >
            <FieldInput field={f} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
