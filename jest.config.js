/** Unit tests (pure rules, node) and component tests (H5 components in jsdom). */
const transformIgnorePatterns = ['/node_modules/(?!(@tarojs|@stencil|swiper|ssr-window|dom7|zustand)/)']

const shared = {
  transform: { '^.+\\.(t|j|mj)sx?$': 'babel-jest' },
  transformIgnorePatterns,
  // Build-time constant (config/index.ts defineConstants): same-origin API in tests.
  globals: { ISTORE_API_ORIGIN: '' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '\\.(css|scss|sass)$': '<rootDir>/tests/support/styleStub.js',
    '\\.(png|jpg|jpeg|gif|svg)$': '<rootDir>/tests/support/fileStub.js'
  }
}

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts']
    },
    {
      ...shared,
      displayName: 'components',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/components/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/setupComponents.ts'],
      moduleNameMapper: {
        // Before the generic '@/' alias: the H5 implementation stands for `@/platform` in jsdom.
        '^@/platform$': '<rootDir>/src/platform/index.h5.ts',
        ...shared.moduleNameMapper,
        '^@tarojs/components$': '<rootDir>/node_modules/@tarojs/components/lib/react/index.js',
        '^@tarojs/taro$': '<rootDir>/tests/support/taroMock.ts'
      }
    }
  ]
}
