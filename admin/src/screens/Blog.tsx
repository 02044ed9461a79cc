/**
 * Blog posts (owner; issue 43): what `npm run blog` does. The list (drafts and scheduled posts too), a post written in
 * English and Chinese (title, summary, the text as HTML, sanitised when the storefront shows it), its cover (a name, an
 * address or an uploaded photo) and linked products; published now or at a time, or made a draft again. A refused save
 * shows each problem on its field.
 */
import { useCallback, useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { api, type AdminBlogList, type AdminBlogPost, type AdminBlogPostBody } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, useAction } from './common.tsx';
import { CoverField } from './CoverField.tsx';
import { showProblems } from './fieldProblems.ts';
import { pathParts, type FieldName } from './settingsProblems.ts';

const STATE_COLOURS = { draft: 'default', scheduled: 'gold', published: 'green' } as const;
type State = keyof typeof STATE_COLOURS;
export const StateTag = ({ tx, state }: { tx: Texts; state: State }) => <Tag color={STATE_COLOURS[state]} data-state={state}>{tx.t(`blog_${state}`)}</Tag>;

/** The post's fields a refusal may name (`title.zh: required`); others are shown above the form. */
const FIELDS = ['slug', 'category', 'title.en', 'title.zh', 'summary.en', 'summary.zh', 'body.en', 'body.zh', 'cover', 'productIds'];
export const blogField = (path: string): FieldName | null => (FIELDS.includes(path) ? pathParts(path) : null);

/** `datetime-local`'s value (the browser's time zone) of an ISO time, and back. */
const localValue = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function BlogList({ tx, go }: { tx: Texts; go: (to: string) => void }) {
  const { t, time } = tx;
  const [data, setData] = useState<AdminBlogList | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.blogPosts().then(setData, (e) => setError(errorText(e)));
  }, []);
  if (error) return <Result status="error" title={error} />;
  const category = (name: string) => data?.categories.find((c) => c.name === name)?.nameContent[tx.lang] ?? name;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => go('/admin/blog/new')}>{t('blogNew')}</Button>
      <Table rowKey="slug" size="small" loading={!data} dataSource={data?.posts ?? []} pagination={{ pageSize: 50 }} scroll={{ x: true }}
        columns={[
          { title: t('blogTitle'), key: 'title', render: (_: unknown, p) => <a href={`/admin/blog/${p.slug}`} onClick={(e) => { e.preventDefault(); go(`/admin/blog/${p.slug}`); }}>{p.title[tx.lang] || p.title.en}</a> },
          { title: t('status'), key: 'state', render: (_: unknown, p) => <StateTag tx={tx} state={p.state} /> },
          { title: t('blogWhen'), dataIndex: 'publishedAt', render: (v: string | null) => (v ? time(v) : '-'), responsive: ['md'] },
          { title: t('blogCategory'), dataIndex: 'category', render: category, responsive: ['md'] },
        ]} />
    </Space>
  );
}

/** The form's values: the linked products typed as numbers separated by commas or spaces. */
type Values = Omit<AdminBlogPostBody, 'productIds'> & { slug: string; productIds?: string };

function BlogEditor({ tx, slug, go }: { tx: Texts; slug: string | null; go: (to: string) => void }) {
  const { t, time } = tx;
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const [post, setPost] = useState<AdminBlogPost | null>(null);
  const [categories, setCategories] = useState<AdminBlogList['categories']>([]);
  const [error, setError] = useState('');
  const [general, setGeneral] = useState<string[]>([]);
  const [at, setAt] = useState('');
  const load = useCallback((p: AdminBlogPost) => {
    setPost(p);
    form.setFieldsValue({ ...p, productIds: p.productIds.join(', ') });
  }, [form]);
  useEffect(() => {
    api.blogPosts().then((l) => setCategories(l.categories), (e) => setError(errorText(e)));
    if (slug) api.blogPost(slug).then(load, (e) => setError(errorText(e)));
  }, [slug, load]);
  const [saving, save] = useAction((e) => {
    setGeneral(showProblems(e, form, blogField));
    message.error(t('settingsRefused'));
  });
  const [publishing, publish] = useAction((e) => message.error(errorText(e)));
  if (error) return <Result status="404" title={error} extra={<Button onClick={() => go('/admin/blog')}>{t('blogBack')}</Button>} />;
  if (slug && !post) return <Spin />;
  const submit = (v: Values) => save(async () => {
    setGeneral([]);
    const body: AdminBlogPostBody = {
      category: v.category ?? '', title: v.title, summary: v.summary, body: v.body, cover: (v.cover ?? '').trim(),
      productIds: (v.productIds ?? '').split(/[\s,]+/).filter(Boolean),
    };
    const saved = slug ? await api.saveBlogPost(slug, body) : await api.addBlogPost({ ...body, slug: (v.slug ?? '').trim() });
    message.success(t('blogSaved'));
    if (slug) load(saved);
    else go(`/admin/blog/${saved.slug}`);
  });
  const half = { xs: 24, md: 12 };
  const texts = (lang: 'en' | 'zh') => (
    <Col {...half} key={lang}>
      <Card size="small" title={lang === 'en' ? t('blogEnglish') : t('blogChinese')} data-testid={`blog-${lang}`}>
        <Form.Item label={t('blogTitle')} name={['title', lang]} rules={[{ required: true, whitespace: true, message: t('required') }]}><Input maxLength={200} /></Form.Item>
        <Form.Item label={t('blogSummary')} name={['summary', lang]} rules={[{ required: true, whitespace: true, message: t('required') }]}><Input.TextArea maxLength={1000} autoSize={{ minRows: 2 }} /></Form.Item>
        <Form.Item label={t('blogBody')} name={['body', lang]} rules={[{ required: true, whitespace: true, message: t('required') }]}><Input.TextArea maxLength={200_000} autoSize={{ minRows: 6, maxRows: 24 }} /></Form.Item>
      </Card>
    </Col>
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Button onClick={() => go('/admin/blog')}>{t('blogBack')}</Button>
      {post && (
        <Card size="small" data-testid="publication">
          <Space wrap>
            <StateTag tx={tx} state={post.state} />
            {post.publishedAt && <Typography.Text>{t(post.state === 'scheduled' ? 'blogScheduledAt' : 'blogPublishedAt', { at: time(post.publishedAt) })}</Typography.Text>}
            <Button type="primary" loading={publishing} onClick={() => publish(async () => load(await api.publishBlogPost(post.slug, null)))}>{t('blogPublishNow')}</Button>
            <Space.Compact>
              <Input type="datetime-local" aria-label={t('blogWhen')} value={at || (post.publishedAt ? localValue(post.publishedAt) : '')} onChange={(e) => setAt(e.target.value)} style={{ width: 200 }} />
              <Button loading={publishing} disabled={!at} onClick={() => publish(async () => load(await api.publishBlogPost(post.slug, new Date(at).toISOString())))}>{t('blogPublishAt')}</Button>
            </Space.Compact>
            {post.state !== 'draft' && <Button danger loading={publishing} onClick={() => publish(async () => load(await api.unpublishBlogPost(post.slug)))}>{t('blogUnpublish')}</Button>}
          </Space>
        </Card>
      )}
      {general.length > 0 && <Alert type="error" role="alert" showIcon message={general.map((g) => <div key={g}>{g}</div>)} />}
      <Form form={form} layout="vertical" onFinish={submit} onValuesChange={() => setGeneral([])} initialValues={{ productIds: '', cover: '' }}>
        <Row gutter={12}>
          <Col {...half}>
            <Form.Item label={t('blogSlug')} name="slug" rules={[{ required: !slug, message: t('required') }]}><Input maxLength={100} disabled={!!slug} /></Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label={t('blogCategory')} name="category" rules={[{ required: true, message: t('required') }]}>
              <Select options={categories.map((c) => ({ value: c.name, label: c.nameContent[tx.lang] || c.name }))} />
            </Form.Item>
          </Col>
          {texts('en')}
          {texts('zh')}
          <Col {...half}><Form.Item label={t('cover')} name="cover" rules={[{ required: true, whitespace: true, message: t('required') }]}><CoverField tx={tx} area="blog" /></Form.Item></Col>
          <Col {...half}>
            <Form.Item label={t('blogProducts')} name="productIds"><Input maxLength={600} placeholder="1011, 1051" /></Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>{t('save')}</Button>
      </Form>
    </Space>
  );
}

/** /admin/blog, /admin/blog/new, /admin/blog/:slug. */
export function Blog({ tx, path, go }: { tx: Texts; path: string; go: (to: string) => void }) {
  const slug = /^\/admin\/blog\/([^/]+)$/.exec(path)?.[1];
  if (!slug) return <BlogList tx={tx} go={go} />;
  return <BlogEditor key={slug} tx={tx} slug={slug === 'new' ? null : decodeURIComponent(slug)} go={go} />;
}

export default Blog;
