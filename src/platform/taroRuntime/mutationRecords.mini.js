/**
 * Mini-program builds only (config/index.ts): stands in for @tarojs/runtime's MutationObserver implementation
 * (dist/dom-external/mutation-observer/implements.js). Taro compiles MutationObserver off
 * (mini.runtime.enableMutationObserver defaults to false): no observer can be created, so the records every DOM change
 * hands to recordMutation have no one to reach, and the runtime keeps calling it. Nothing here is ever observed.
 */
export class MutationObserverImpl {
  observe() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}

export function recordMutation() {}
