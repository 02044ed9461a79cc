import { useLaunch } from '@tarojs/taro'

function App({ children }) {
  useLaunch(() => undefined)
  return children
}

export default App
