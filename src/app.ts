import { PropsWithChildren } from 'react'
import Taro from '@tarojs/taro'
import { HOME_PATH } from '@shared/routes'
import { startApp } from './hooks/useStartup'
import { listenForPrivacyRequests } from './hooks/usePrivacyPrompt'
import { platform } from './platform'
import './app.scss'

// Spec §2: an unknown path redirects to the empty path. Registered before the router's first render.
Taro.onPageNotFound(() => platform.navigate(HOME_PATH, 'replace'))
// The mini-programs' privacy authorization: the host's requests open the store's own prompt (components/shell/PrivacyPrompt).
listenForPrivacyRequests()

void startApp().then(() => platform.preloadLazyAreas())

function App({ children }: PropsWithChildren) {
  return children
}

export default App
