/** Unit tests (pure rules, node) and component tests (H5 components in jsdom). */
const transformIgnorePatterns = ['/node_modules/(?!(@tarojs|@stencil|swiper|ssr-window|dom7|zustand)/)']

const shared = {
  transform: { '^.+\\.(t|j|mj)sx?$': 'babel-jest' },
  transformIgnorePatterns,
  // Build-time constant (config/index.ts defineConstants): same-origin API in tests.
  globals: { ISTORE_API_ORIGIN: '', ISTORE_WECHAT_LIVE_PLAYER: '' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  // Stubs first: the first matching pattern wins, and '@/x.scss' must not resolve to the stylesheet itself.
  moduleNameMapper: {
    '\\.(css|scss|sass)$': '<rootDir>/tests/support/styleStub.js',
    '\\.(png|jpg|jpeg|gif|svg)$': '<rootDir>/tests/support/fileStub.js',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@contract/(.*)$': '<rootDir>/contract/$1',
    '^@shared/(.*)$': '<rootDir>/shared/$1',
    // A feature's tests live in src/features/<area>/tests and reach the shared test kit as @tests/.
    '^@tests/(.*)$': '<rootDir>/tests/$1'
  }
}

module.exports = {
  // Whole pages render in jsdom; on a 2-core machine busy with builds one such test took over jest's 5 s default
  // (productDetail, search). The tests wait for conditions, so a longer limit only spares a slow machine.
  testTimeout: 15_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      // Payment-flow tests (tests/unit/pay*.test.ts) replace the platform with jest.mock('@/platform', factory).
      moduleNameMapper: { '^@/platform$': '<rootDir>/src/platform/index.h5.ts', ...shared.moduleNameMapper },
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/src/features/*/tests/**/*.test.ts']
    },
    {
      ...shared,
      displayName: 'components',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/components/**/*.test.tsx', '<rootDir>/src/features/*/tests/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/setupComponents.ts'],
      // Like Taro's H5 build: a module's .h5 variant (Carousel.h5.tsx) stands for it when there is one.
      moduleFileExtensions: ['h5.tsx', 'h5.ts', ...shared.moduleFileExtensions],
      // Taro's build defines these feature flags; the H5 components read them at import.
      globals: {
        ...shared.globals,
        DEPRECATED_ADAPTER_COMPONENT: false,
        ENABLE_INNER_HTML: true,
        ENABLE_ADJACENT_HTML: true,
        ENABLE_SIZE_APIS: false,
        ENABLE_TEMPLATE_CONTENT: true,
        ENABLE_CLONE_NODE: true,
        ENABLE_CONTAINS: true,
        ENABLE_MUTATION_OBSERVER: false
      },
      moduleNameMapper: {
        // Before the generic '@/' alias: the H5 implementation stands for `@/platform` in jsdom.
        '^@/platform$': '<rootDir>/src/platform/index.h5.ts',
        ...shared.moduleNameMapper,
        '^@tarojs/components$': '<rootDir>/tests/support/taroComponentsH5.js',
        // The React wrappers import a bundled ESM tslib by relative path; the root CommonJS copy is the same library.
        'node_modules/\\.pnpm/.*/tslib/tslib\\.es6\\.js$': '<rootDir>/node_modules/tslib/tslib.js',
        '^@tarojs/taro$': '<rootDir>/tests/support/taroMock.ts'
      }
    },
    {
      ...shared,
      // The H5 app as a whole (@tarojs/test-utils-react): createApp from app.config, Taro's real H5 runtime and router.
      displayName: 'app',
      testEnvironment: 'jsdom',
      testEnvironmentOptions: { url: 'http://localhost/' },
      testMatch: ['<rootDir>/tests/app/**/*.test.tsx'],
      // Taro's H5 API must be loaded before its runtime reads it ('Cannot read properties of undefined (reading history)').
      setupFiles: ['<rootDir>/tests/support/setupApp.ts'],
      setupFilesAfterEnv: ['@testing-library/jest-dom'],
      // Taro's H5 runtime and router bring ESM-only packages of their own (query-string, lodash-es...): transform all.
      transformIgnorePatterns: [],
      moduleFileExtensions: ['h5.tsx', 'h5.ts', ...shared.moduleFileExtensions],
      globals: {
        ...shared.globals,
        DEPRECATED_ADAPTER_COMPONENT: false,
        ENABLE_INNER_HTML: true,
        ENABLE_ADJACENT_HTML: true,
        ENABLE_SIZE_APIS: false,
        ENABLE_TEMPLATE_CONTENT: true,
        ENABLE_CLONE_NODE: true,
        ENABLE_CONTAINS: true,
        ENABLE_MUTATION_OBSERVER: false,
        __TARO_FRAMEWORK__: 'react'
      },
      moduleNameMapper: {
        '^@/platform$': '<rootDir>/src/platform/index.h5.ts',
        ...shared.moduleNameMapper,
        '^@tarojs/components$': '<rootDir>/tests/support/taroComponentsH5.js',
        'node_modules/\\.pnpm/.*/tslib/tslib\\.es6\\.js$': '<rootDir>/node_modules/tslib/tslib.js',
        '^@tarojs/taro$': '<rootDir>/tests/support/taroH5App.js'
      }
    }
  ]
}
