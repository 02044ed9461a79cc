import { pageLayout } from './domain/routes'

const { pages, subPackages } = pageLayout()

export default defineAppConfig({
  pages,
  subPackages,
  // The spec preloads the lazy areas after first load.
  preloadRule: {
    'pages/home/index': { network: 'all', packages: subPackages.map((p) => p.root) }
  },
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: 'iStore',
    navigationBarTextStyle: 'black'
  },
  animation: false
})
