import { LinkOutlined, LoadingOutlined, OrderedListOutlined, PictureOutlined, RedoOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { mergeAttributes, Node } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Segmented, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/rich-text.tsx';
import { keptUrl } from '../../../components/upload/upload-file.ts';
import { useUpload } from '../../../components/upload/use-upload.ts';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
  /** Show the image button: the picked image goes through the back office's upload endpoint under this topic. */
  imageTopic?: string;
}

/**
 * A block image (`<img src alt>`): what the image button inserts. The server's sanitiser keeps it
 * only with a site path (an upload's `/storage/…`) or an http(s) source.
 */
const ImageNode = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

/**
 * The back office's rich-text editor (Tiptap), with a preview that shows the HTML exactly as
 * visitors get it: through the one sanitiser of the web app (`RichText`, DOMPurify). The server
 * cleans it again on save. Lazily loaded: only the settings page imports it.
 */
export default function RichTextEditor({ value = '', onChange, testId, imageTopic }: Props) {
  const { t } = useTranslation('admin');
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] } }), ImageNode],
    content: value,
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { class: 'rich-text min-h-48 max-h-[32rem] overflow-auto px-3 py-2 outline-none', 'data-testid': `${testId ?? 'rich-text'}-input` } },
  });
  // A value set from outside (the form loaded or was reset) replaces the content.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      undo: e?.can().undo() ?? false,
      redo: e?.can().redo() ?? false,
    }),
  });

  const tool = (key: string, label: ReactNode, active: boolean | undefined, run: () => void, disabled = false) => (
    <Tooltip title={t(`config.editor.${key}`)} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={t(`config.editor.${key}`)}
        aria-pressed={active}
        disabled={disabled || !editor}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      >
        {label}
      </Button>
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();
  // The image button: the existing upload (local or cloud, sniffed and checked on the server), then the image at the caret.
  const picker = useRef<HTMLInputElement>(null);
  const upload = useUpload({
    context: 'admin',
    topic: imageTopic,
    onDone: (stored) => {
      if (editor && !editor.isDestroyed) chain().insertContent({ type: 'image', attrs: { src: keptUrl(stored), alt: '' } }).run();
    },
  });
  const uploading = upload.state.phase === 'uploading';
  const setLink = () => {
    const previous = (editor!.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt(t('config.editor.linkPrompt'), previous);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  return (
    <div className="rounded-md border border-current/15" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-1 border-b border-current/10 px-2 py-1">
        <Segmented
          size="small"
          value={mode}
          onChange={(m) => setMode(m as 'edit' | 'preview')}
          options={[
            { value: 'edit', label: t('config.editor.edit') },
            { value: 'preview', label: t('config.editor.preview') },
          ]}
          data-testid={`${testId ?? 'rich-text'}-mode`}
        />
        {mode === 'edit' && (
          <>
            <span className="mx-1 h-4 w-px bg-current/15" />
            {tool('bold', <b>B</b>, state?.bold, () => chain().toggleBold().run())}
            {tool('italic', <i>I</i>, state?.italic, () => chain().toggleItalic().run())}
            {tool('strike', <s>S</s>, state?.strike, () => chain().toggleStrike().run())}
            {tool('heading2', 'H2', state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
            {tool('heading3', 'H3', state?.h3, () => chain().toggleHeading({ level: 3 }).run())}
            {tool('bulletList', <UnorderedListOutlined />, state?.bullet, () => chain().toggleBulletList().run())}
            {tool('orderedList', <OrderedListOutlined />, state?.ordered, () => chain().toggleOrderedList().run())}
            {tool('blockquote', '❝', state?.quote, () => chain().toggleBlockquote().run())}
            {tool('link', <LinkOutlined />, state?.link, setLink)}
            {imageTopic !== undefined && tool('image', uploading ? <LoadingOutlined /> : <PictureOutlined />, false, () => picker.current?.click(), uploading)}
            {tool('undo', <UndoOutlined />, false, () => chain().undo().run(), !state?.undo)}
            {tool('redo', <RedoOutlined />, false, () => chain().redo().run(), !state?.redo)}
          </>
        )}
      </div>
      {imageTopic !== undefined && (
        <input
          ref={picker}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          data-testid={`${testId ?? 'rich-text'}-image-input`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload.start(file);
          }}
        />
      )}
      {upload.state.phase === 'failed' && (
        <p role="alert" className="border-b border-current/10 px-3 py-1 text-xs text-red-600">
          {upload.state.message}
        </p>
      )}
      <div hidden={mode !== 'edit'}>
        <EditorContent editor={editor} />
      </div>
      {mode === 'preview' && (
        <div className="max-h-[32rem] overflow-auto px-3 py-2">
          <RichText html={value} testId={`${testId ?? 'rich-text'}-preview`} />
        </div>
      )}
    </div>
  );
}
