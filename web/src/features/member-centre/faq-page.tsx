import { QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Collapse, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../components/rich-text.tsx';
import { getLanguage } from '../../stores/language.ts';
import { faqQuery } from './api/member.ts';
import { splitFaq } from './faq.ts';

/** `/user/faq`: the questions of the `memberFaq` setting (edited in the back office), one panel each. */
export default function FaqPage() {
  const { t } = useTranslation('member');
  const query = useQuery(faqQuery(getLanguage()));
  if (!query.data) return <Card>{query.isError ? <Empty description={t('state.loadFailed')} /> : <Skeleton active paragraph={{ rows: 6 }} />}</Card>;
  const { intro, items } = splitFaq(query.data.content);
  return (
    <Card title={<span className="flex items-center gap-2"><QuestionCircleOutlined /> {query.data.title || t('common:route.faq')}</span>}>
      {intro && <RichText html={intro} className="mb-4" />}
      {items.length ? (
        <Collapse
          data-testid="faq-list"
          accordion={false}
          defaultActiveKey={['0']}
          items={items.map((item, index) => ({ key: String(index), label: <span className="font-medium">{item.question}</span>, children: <RichText html={item.answer} className="[&_li]:!text-[0.925rem] [&_p]:!my-1 [&_p]:!text-[0.925rem] [&_p]:!leading-relaxed [&_p]:!text-muted" /> }))}
        />
      ) : (
        !intro && <Empty description={t('faq.emptyTitle')} />
      )}
    </Card>
  );
}
