import { ArrowLeftOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import type { EditorItem } from '@framecraft/contracts/catalogue-admin-constants';
import { ITEM_LIMITS } from '@framecraft/contracts/catalogue-admin-constants';
import type { TypeNode } from '@framecraft/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Radio, Segmented, Select, Skeleton, Space, Tabs, TreeSelect } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload, ImageUpload } from '../../../../../components/upload/index.ts';
import { isRequestError } from '../../../../../lib/request/index.ts';
import { getLanguage } from '../../../../../stores/language.ts';
import { useSiteConfig } from '../../../../../stores/site-config.ts';
import { PageCard } from '../../page-card.tsx';
import { itemsApi } from './api.ts';
import { fromDraft, toDraft, type DraftChapter, type DraftFile } from './draft.ts';
import { moneyRule, yuanText } from './money-rule.ts';
import { PrivateFiles } from './private-files.tsx';
import { SyllabusEditor } from './syllabus-editor.tsx';

// Tiptap, loaded only when an editor opens (decision 041).
const RichTextEditor = lazy(() => import('../../../config/rich-text-editor.tsx'));

type Kind = EditorItem['kind'];
export type EditorTarget = { id: number } | { kind: Kind };

interface TypeOption {
  value: number;
  title: string;
  children: TypeOption[];
}
const treeData = (nodes: TypeNode[]): TypeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: treeData(n.children) }));

/** The loaded item as form values: cents as yuan text, the VIP rule picked from its fields. */
function formValues(item: EditorItem) {
  return {
    ...item,
    price: yuanText(item.price),
    original_price: yuanText(item.original_price),
    vip_price: yuanText(item.vip_price),
    vip_rule: item.vip_free_level > 0 ? 'free' : item.vip_price !== null ? 'price' : 'none',
    preview_video: item.preview_video ? [item.preview_video] : [],
  };
}

const NEW_ITEM = { title_en: '', subtitle_zh: '', subtitle_en: '', description_zh: '', description_en: '', cover: '', gallery: [], preview_video: [], tags: [], original_price: '', vip_rule: 'none', vip_free_level: 1, vip_price: '', status: 'draft', weigh: 0, seo_title: '', seo_description: '' };

/**
 * The item editor (spec "course", decision 041): kind, bilingual texts, rich descriptions, media,
 * tags, prices in yuan, VIP rule, status and SEO; the syllabus of a course or the file list of a
 * material pack; one save, guarded by the version loaded.
 */
export function ItemEditor({ target, onClose, onSaved }: { target: EditorTarget; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('items');
  const [form] = Form.useForm();
  const cdnUrl = useSiteConfig((s) => s.cdnUrl);
  const [id, setId] = useState<number | undefined>('id' in target ? target.id : undefined);
  const [version, setVersion] = useState(0);
  const [chapters, setChapters] = useState<DraftChapter[]>([]);
  const [files, setFiles] = useState<DraftFile[]>([]);
  const [loading, setLoading] = useState('id' in target);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) as Kind | undefined;
  const vipRule = Form.useWatch('vip_rule', form) as string | undefined;
  const types = useQuery({ queryKey: ['items-types', getLanguage()], queryFn: itemsApi.types });

  async function load(itemId: number) {
    setLoading(true);
    try {
      const item = await itemsApi.load(itemId);
      form.resetFields();
      form.setFieldsValue(formValues(item));
      const draft = toDraft(item);
      setChapters(draft.chapters);
      setFiles(draft.files);
      setVersion(item.version);
      setConflict(null);
    } finally {
      setLoading(false);
    }
  }
  useEffect(() => {
    if ('id' in target) void load(target.id);
    else form.setFieldsValue({ ...NEW_ITEM, kind: target.kind });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function save() {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const body = {
      ...values,
      preview_video: values.preview_video?.[0] ?? '',
      original_price: values.original_price || '0',
      vip_price: values.vip_rule === 'price' ? values.vip_price : null,
      vip_free_level: values.vip_rule === 'free' ? values.vip_free_level : 0,
      ...fromDraft(chapters, files),
    };
    setSaving(true);
    try {
      const saved = id ? await itemsApi.edit({ ...body, id, version }) : await itemsApi.add(body);
      setId(saved.id);
      await load(saved.id);
      onSaved();
    } catch (error) {
      const data = isRequestError(error) ? (error.envelope?.data as { errors?: Record<string, string>; type?: string } | null) : null;
      if (data?.type === 'version conflict') setConflict(error instanceof Error ? error.message : '');
      if (data?.errors) form.setFields(Object.entries(data.errors).filter(([name]) => !name.includes('.')).map(([name, message]) => ({ name, errors: [message] })));
    } finally {
      setSaving(false);
    }
  }

  const previewPath = id ? `${kind === 'material' ? '/course2' : '/course'}/${id}` : undefined;
  const label = (key: string) => t(`field.${key}`);
  return (
    <div className="flex flex-col gap-4" data-testid="item-editor">
      <PageCard
        title={
          <span className="flex items-center gap-2">
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('back')} onClick={onClose} data-testid="item-editor-back" />
            {id ? t('editTitle', { id }) : t('newTitle')}
            {id ? <span className="text-xs font-normal opacity-60">{t('version', { version })}</span> : null}
          </span>
        }
        extra={
          <Space>
            {previewPath && (
              <Button icon={<EyeOutlined />} href={previewPath} target="_blank" rel="noreferrer" data-testid="item-preview">
                {t('preview')}
              </Button>
            )}
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="item-save">
              {t('save')}
            </Button>
          </Space>
        }
      >
        {conflict !== null && (
          <Alert
            className="mb-4"
            type="warning"
            showIcon
            title={t('conflictTitle')}
            description={conflict}
            action={<Button size="small" onClick={() => id && void load(id)}>{t('reload')}</Button>}
            data-testid="item-conflict"
          />
        )}
        {loading ? (
          <Skeleton active />
        ) : (
          <Form form={form} layout="vertical" requiredMark="optional" className="grid gap-x-6 xl:grid-cols-2" data-testid="item-form">
            <h2 className="col-span-full mb-2 text-sm font-semibold">{t('section.basics')}</h2>
            <Form.Item name="kind" label={label('kind')} rules={[{ required: true }]}>
              <Segmented options={(['course', 'material'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))} data-testid="item-kind" />
            </Form.Item>
            <Form.Item name="type_id" label={label('type')} rules={[{ required: true }]}>
              <TreeSelect treeData={treeData(types.data ?? [])} treeDefaultExpandAll loading={types.isLoading} data-testid="item-type" />
            </Form.Item>
            <Form.Item name="title_zh" label={label('titleZh')} rules={[{ required: true, whitespace: true }, { max: ITEM_LIMITS.titleZh }]}>
              <Input showCount maxLength={ITEM_LIMITS.titleZh} data-testid="item-title-zh" />
            </Form.Item>
            <Form.Item name="title_en" label={label('titleEn')} rules={[{ max: ITEM_LIMITS.titleEn }]}>
              <Input showCount maxLength={ITEM_LIMITS.titleEn} data-testid="item-title-en" />
            </Form.Item>
            <Form.Item name="subtitle_zh" label={label('subtitleZh')} rules={[{ max: ITEM_LIMITS.subtitle }]}>
              <Input maxLength={ITEM_LIMITS.subtitle} data-testid="item-subtitle-zh" />
            </Form.Item>
            <Form.Item name="subtitle_en" label={label('subtitleEn')} rules={[{ max: ITEM_LIMITS.subtitle }]}>
              <Input maxLength={ITEM_LIMITS.subtitle} data-testid="item-subtitle-en" />
            </Form.Item>
            <Form.Item name="tags" label={label('tags')} help={t('field.tagsHelp')} className="col-span-full">
              <Select mode="tags" maxCount={ITEM_LIMITS.tags} tokenSeparators={[',', '，']} open={false} suffixIcon={null} data-testid="item-tags" />
            </Form.Item>

            <h2 className="col-span-full mt-4 mb-2 text-sm font-semibold">{t('section.description')}</h2>
            <div className="col-span-full">
              <Suspense fallback={<Skeleton active />}>
                <Tabs
                  items={(['zh', 'en'] as const).map((lang) => ({
                    key: lang,
                    label: label(lang === 'zh' ? 'descriptionZh' : 'descriptionEn'),
                    forceRender: true,
                    children: (
                      <Form.Item name={`description_${lang}`} noStyle>
                        <RichTextEditor testId={`item-description-${lang}`} imageTopic="description" />
                      </Form.Item>
                    ),
                  }))}
                />
              </Suspense>
            </div>

            <h2 className="col-span-full mt-4 mb-2 text-sm font-semibold">{t('section.media')}</h2>
            <Form.Item name="cover" label={label('cover')}>
              <ImageUploadField cdnUrl={cdnUrl} />
            </Form.Item>
            <Form.Item name="preview_video" label={label('previewVideo')}>
              <FileUploadField accept=".mp4,video/mp4" multiple={false} topic="preview" cdnUrl={cdnUrl} />
            </Form.Item>
            <Form.Item name="gallery" label={label('gallery')} className="col-span-full">
              <FileUploadField accept="image/*" topic="gallery" cdnUrl={cdnUrl} />
            </Form.Item>

            <h2 className="col-span-full mt-4 mb-2 text-sm font-semibold">{t('section.pricing')}</h2>
            <Form.Item name="price" label={label('price')} required rules={[moneyRule(true)]}>
              <Input inputMode="decimal" prefix="¥" placeholder="0.00" data-testid="item-price" />
            </Form.Item>
            <Form.Item name="original_price" label={label('originalPrice')} rules={[moneyRule(false)]}>
              <Input inputMode="decimal" prefix="¥" placeholder="0.00" data-testid="item-original-price" />
            </Form.Item>
            <Form.Item name="vip_rule" label={label('vipRule')}>
              <Radio.Group options={(['none', 'free', 'price'] as const).map((r) => ({ value: r, label: t(`vipRule.${r}`) }))} data-testid="item-vip-rule" />
            </Form.Item>
            {vipRule === 'free' && (
              <Form.Item name="vip_free_level" label={label('vipFreeLevel')} rules={[{ required: true }, { type: 'number', min: 1, max: ITEM_LIMITS.vipLevel }]}>
                <InputNumber min={1} max={ITEM_LIMITS.vipLevel} precision={0} data-testid="item-vip-level" />
              </Form.Item>
            )}
            {vipRule === 'price' && (
              <Form.Item name="vip_price" label={label('vipPrice')} required rules={[moneyRule(true)]}>
                <Input inputMode="decimal" prefix="¥" placeholder="0.00" data-testid="item-vip-price" />
              </Form.Item>
            )}

            <h2 className="col-span-full mt-4 mb-2 text-sm font-semibold">{t('section.publish')}</h2>
            <Form.Item name="status" label={label('status')}>
              <Radio.Group optionType="button" options={(['draft', 'on_sale', 'off_sale'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))} data-testid="item-status" />
            </Form.Item>
            <Form.Item name="weigh" label={label('weigh')}>
              <InputNumber precision={0} />
            </Form.Item>
            <Form.Item name="seo_title" label={label('seoTitle')} rules={[{ max: ITEM_LIMITS.seoTitle }]}>
              <Input maxLength={ITEM_LIMITS.seoTitle} />
            </Form.Item>
            <Form.Item name="seo_description" label={label('seoDescription')} rules={[{ max: ITEM_LIMITS.seoDescription }]}>
              <Input.TextArea maxLength={ITEM_LIMITS.seoDescription} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Form>
        )}
      </PageCard>
      {!loading && kind === 'course' && (
        <PageCard title={t('section.syllabus')}>
          <SyllabusEditor value={chapters} onChange={setChapters} />
        </PageCard>
      )}
      {!loading && (kind === 'material' || files.length > 0) && (
        <PageCard title={t('section.files')}>
          <PrivateFiles value={files} onChange={setFiles} topic="item" testId="item-files" />
        </PageCard>
      )}
    </div>
  );
}

/** ImageUpload as a form control: the cover, cropped to 16:9 before upload. */
function ImageUploadField({ value, onChange, cdnUrl }: { value?: string; onChange?: (url: string) => void; cdnUrl: string }) {
  return (
    <Suspense fallback={<Skeleton.Image active />}>
      <ImageUpload context="admin" topic="cover" value={value} onChange={(url) => onChange?.(url)} crop={{ aspect: 16 / 9, maxEdge: 1600 }} size={160} cdnUrl={cdnUrl} />
    </Suspense>
  );
}

function FileUploadField({ value, onChange, accept, multiple, topic, cdnUrl }: { value?: string[]; onChange?: (urls: string[]) => void; accept: string; multiple?: boolean; topic: string; cdnUrl: string }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <FileUpload context="admin" topic={topic} value={value} onChange={(urls) => onChange?.(urls)} accept={accept} multiple={multiple} cdnUrl={cdnUrl} />
    </Suspense>
  );
}
