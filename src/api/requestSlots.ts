/**
 * At most `max` calls on their way at once; the others wait in line and start, in the order they were made, as
 * earlier ones settle. The mini-programs need it: WeChat's network rules allow 10 tasks at a time (wx.request,
 * uploadFile and downloadFile together; what a phone does with an 11th depends on its base library, and developers
 * report it failing), and a page opened while another's answers are still coming (checkout tapped before the cart's
 * refresh answered) asks for more than that.
 */
export function requestSlots(max: number) {
  let running = 0
  const waiting: Array<() => void> = []

  const release = () => {
    running -= 1
    waiting.shift()?.()
  }

  return function run<T>(call: () => Promise<T>): Promise<T> {
    const start = (): Promise<T> => {
      running += 1
      let started: Promise<T>
      try {
        started = call()
      } catch (err) {
        started = Promise.reject(err)
      }
      return started.finally(release)
    }
    if (running < max) return start()
    return new Promise<T>((resolve, reject) => waiting.push(() => void start().then(resolve, reject)))
  }
}
