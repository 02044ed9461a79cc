/**
 * Figures of a Lighthouse run counted in CPU time (issue 42 item 5), which a busy machine barely changes, unlike the
 * wall-clock task lengths Lighthouse's own TBT is computed from: on a 2-core machine with a load average of 20 a task
 * of 50 ms of CPU can take 500 ms of wall time, and Lighthouse's score then measures the machine, not the page.
 *
 * From the run's trace, the page's main thread, its top-level tasks (RunTask) and each one's thread time (`tdur`):
 * - mainThreadCpuMs: the CPU time of every top-level task of the load (unthrottled);
 * - cpuTbtMs: Total Blocking Time as Lighthouse's mobile preset would count it on CPU time alone: every task after the
 *   first contentful paint, its CPU time times the preset's 4x slowdown, less the 50 ms a task may take;
 * - longestTaskCpuMs: the longest such task (unthrottled), and where it ran (its script's URL when the trace names one).
 */
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js'

const SLOWDOWN = 4
const BLOCKING_MS = 50

export function cpuFigures(trace) {
  const processed = TraceProcessor.processTrace(trace)
  const navigation = TraceProcessor.processNavigation(processed)
  const fcpTs = navigation.timestamps.firstContentfulPaint ?? processed.timeOriginEvt.ts
  const tasks = processed.mainThreadEvents.filter((e) => e.ph === 'X' && TraceProcessor.isScheduleableTask(e) && e.ts >= processed.timeOriginEvt.ts)
  const cpuMs = (e) => (e.tdur ?? e.dur ?? 0) / 1000
  let mainThreadCpuMs = 0
  let cpuTbtMs = 0
  let longest = null
  for (const task of tasks) {
    const ms = cpuMs(task)
    mainThreadCpuMs += ms
    if (task.ts >= fcpTs) cpuTbtMs += Math.max(0, ms * SLOWDOWN - BLOCKING_MS)
    if (!longest || ms > cpuMs(longest)) longest = task
  }
  // The script a task ran, when its children say (a function call's or script evaluation's URL).
  let longestTaskScript = null
  if (longest) {
    const end = longest.ts + longest.dur
    const child = processed.mainThreadEvents.find((e) => e.ts >= longest.ts && e.ts < end && (e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url))
    const url = child?.args?.data?.url || child?.args?.data?.stackTrace?.[0]?.url
    longestTaskScript = url ? url.replace(/^https?:\/\/[^/]+/, '') : null
  }
  return {
    mainThreadCpuMs: Math.round(mainThreadCpuMs),
    cpuTbtMs: Math.round(cpuTbtMs),
    longestTaskCpuMs: longest ? Math.round(cpuMs(longest)) : 0,
    longestTaskScript
  }
}
