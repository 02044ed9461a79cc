import { PropsWithChildren } from 'react'
import Taro from '@tarojs/taro'
import { HOME_PATH, toPagePath } from './domain/routes'
import './app.scss'

// Spec §2: an unknown path redirects to the empty path. Registered before the router's first render.
Taro.onPageNotFound(() => {
  Taro.redirectTo({ url: toPagePath(HOME_PATH) })
})

function App({ children }: PropsWithChildren) {
  return children
}

export default App
