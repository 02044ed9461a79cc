/**
 * The GETs the server answers ahead for a page (shared/firstScreen.ts) are the ones the page really asks for: a
 * written answer nobody asks for is a page slower for nothing. Each page is rendered against mocks and its requests
 * compared with the rule's, key for key, exactly as the http client matches them. The campaign page and the
 * blog post are checked in their own tests (tests/components/store/campaign.test.tsx, tests/components/blog/blog.test.tsx).
 */
import { render, screen } from '@testing-library/react'
import { firstScreenOf, homeGetsAfterTemplate } from '@shared/firstScreen'
import HomePage from '@/pages/home/index'
import ProductPage from '@/packages/store/pages/product/index'
import ProductListPage from '@/packages/store/pages/productlist/index'
import { askedGets, mockHttp } from '../../support/mockHttp'
import { homeSections, pageOf, product, products } from '../../support/fixtures/catalog'
import { resetStore } from './storeTestKit'

const asked = askedGets

const pageOfQuery = (req: { query: Record<string, string> }) => pageOf(products(20), req.query)

it('home: the template, then every row the template asks for', async () => {
  resetStore('en', '/')
  const http = mockHttp({
    'GET /common3/sectionTemplateByType/home': { type: 'home', sections: homeSections },
    'GET /productManagement2/products': pageOfQuery
  })
  render(<HomePage />)
  await screen.findByText('New autumn roasts')
  await screen.findAllByText('Item 1')
  const rule = [...firstScreenOf('/')!.gets, ...homeGetsAfterTemplate(homeSections)]
  expect(rule.length).toBeGreaterThan(3)
  expect(asked(http)).toEqual(expect.arrayContaining(rule))
})

it.each([
  ['/store/productlist?cat=Coffee&sort=priceLowToHigh'],
  ['/store/productlist?cat=all&list=new'],
  ['/store/tag/bestseller?list=home-bestsellers'],
  ['/store/clearance']
])('product list %s: its page of products, the count and its heading', async (url) => {
  resetStore('en', url)
  const http = mockHttp({
    'GET /productManagement2/products': pageOfQuery,
    'GET /productManagement2/products/listCount': { count: 20 },
    'GET /productManagement2/category/Coffee': {
      category: { name: 'Coffee', nameContent: { en: 'Coffee', zh: '咖啡' }, image: 'coffee.svg', productCount: 20 },
      heading: { title: null, blurb: null, banner: null },
      ...pageOf([], { numberToLoad: '1' })
    },
    'GET /productManagement2/tag/bestseller': { tag: 'bestseller', count: 20, heading: { title: null, blurb: null, banner: null }, ...pageOf([], { numberToLoad: '1' }) },
    'GET /common3/sectionTemplateByType/home': { type: 'home', sections: homeSections }
  })
  render(<ProductListPage />)
  await screen.findByText('Item 1')
  const rule = firstScreenOf(url)!.gets
  expect(rule.length).toBeGreaterThan(1)
  expect(asked(http)).toEqual(expect.arrayContaining(rule))
})

it('product page: the product and its related products', async () => {
  resetStore('en', '/store/product/1050')
  const http = mockHttp({
    'GET /productManagement/product/1050': product({ id: '1050', en: 'Panda Hoodie' }),
    'GET /productManagement2/products/relatedProducts/1050': { products: [product({ id: '1051', en: 'Rain Jacket' })] },
    'GET /productManagement2/products/addon': { products: [] },
    'GET /inventoryManagement/inventoryByProductAndOptions/1050': { productId: '1050', optionPair: '', available: 5 }
  })
  render(<ProductPage />)
  await screen.findByText('Rain Jacket')
  expect(asked(http)).toEqual(expect.arrayContaining(firstScreenOf('/store/product/1050')!.gets))
})
