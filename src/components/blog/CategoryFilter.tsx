import { View, Text } from '@tarojs/components'
import type { BlogCategory } from '@/api/blog'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './Blog.scss'

/** The blog's category choice: All, then each category that has posts. */
export function CategoryFilter({ categories, value, onChange }: { categories: BlogCategory[]; value: string | null; onChange(category: string | null): void }) {
  const t = useT()
  const localized = useLocalized()
  const choices = [{ key: null, label: t('blog.allCategories') }, ...categories.filter((c) => c.postCount > 0 || c.name === value).map((c) => ({ key: c.name, label: localized(c.nameContent, c.name) }))]
  return (
    <View className="blog-filter" role="radiogroup" aria-label={t('blog.categories')}>
      {choices.map((c) => (
        <View
          key={c.key ?? '*'}
          role="radio"
          tabIndex={0}
          aria-checked={c.key === value}
          className={`blog-filter__choice${c.key === value ? ' blog-filter__choice--active' : ''}`}
          data-category={c.key ?? ''}
          onClick={() => onChange(c.key)}
        >
          <Text>{c.label}</Text>
        </View>
      ))}
    </View>
  )
}
