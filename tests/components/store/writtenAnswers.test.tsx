/**
 * A page the server served with its first screen's answers written in (server/src/lib/firstScreen.ts) renders from
 * them without asking the server again; a second visit of the same data (a retry, coming back) asks the server.
 * Its own file: the http client reads the written answers once, at its first request.
 */
import { render, screen } from '@testing-library/react'
import { CAMPAIGN_LIST_GET, firstScreenOf, homeGetsAfterTemplate, HOME_TEMPLATE_GET } from '@shared/firstScreen'
import { INITIAL_ANSWERS_ID } from '@shared/initialAnswers'
import { clearHomeCache } from '@/hooks/useHome'
import HomePage from '@/pages/home/index'
import { mockHttp } from '../../support/mockHttp'
import { homeSections, pageOf, product } from '../../support/fixtures/catalog'
import { resetStore } from './storeTestKit'

const queryOf = (get: string) => Object.fromEntries(new URLSearchParams(get.split('?')[1] ?? ''))

it('home renders from the written answers with no request for them, then asks the server on the next visit', async () => {
  const written: Record<string, unknown> = {
    [HOME_TEMPLATE_GET]: { type: 'home', sections: homeSections },
    [CAMPAIGN_LIST_GET]: { campaigns: [], serverTime: new Date().toISOString() }
  }
  expect(Object.keys(written).sort()).toEqual([...firstScreenOf('/')!.gets].sort())
  for (const get of homeGetsAfterTemplate(homeSections)) written[get] = pageOf([product({ id: '31', en: 'Written One', zh: '写入一' })], queryOf(get))
  const script = document.createElement('script')
  script.id = INITIAL_ANSWERS_ID
  script.type = 'application/json'
  script.textContent = JSON.stringify(written)
  document.body.appendChild(script)

  resetStore('en', '/')
  const http = mockHttp({
    'GET /common3/sectionTemplateByType/home': { type: 'home', sections: homeSections },
    'GET /common3/campaign/fissionList': { campaigns: [], serverTime: new Date().toISOString() },
    'GET /productManagement2/products': (req: { query: Record<string, string> }) => pageOf([product({ id: '32', en: 'Asked One', zh: '请求一' })], req.query)
  })
  const first = render(<HomePage />)
  expect(await screen.findByText('New autumn roasts')).toBeTruthy()
  expect((await screen.findAllByText('Written One')).length).toBeGreaterThan(0)
  expect(screen.queryByText('Asked One')).toBeNull()
  expect(http.calls.map((c) => c.path)).toEqual([])
  first.unmount()

  clearHomeCache()
  render(<HomePage />)
  expect((await screen.findAllByText('Asked One')).length).toBeGreaterThan(0)
  expect(http.calls.map((c) => c.path)).toContain('/common3/sectionTemplateByType/home')
})
