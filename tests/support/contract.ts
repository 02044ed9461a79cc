/**
 * The contract as the tests' judge: an answer a mock gives (or a fixture builds) must be one the server may send, as
 * contract/openapi.json (generated from contract/'s schemas) says.
 */
import Ajv, { type ValidateFunction } from 'ajv'
import openapi from '../../contract/openapi.json'

/** The server's serializer drops every field its schema does not name, so for an answer each object is closed. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed)
  if (typeof node !== 'object' || node === null) return node
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, closed(v)]))
  if (copy.type === 'object' && copy.properties && !('additionalProperties' in copy)) copy.additionalProperties = false
  return copy
}

// Formats (date-time) are documentation here: fixtures use fixed dates the server would also accept.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false })
ajv.addSchema(closed(openapi) as object, 'openapi')

type Operations = Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
const paths = openapi.paths as unknown as Record<string, Operations>

/** Route templates as patterns, fixed paths before ones with parameters (/common3/orders/list before /{id}). */
const routes = Object.keys(paths)
  .map((template) => ({
    template,
    params: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`)
  }))
  .sort((a, b) => a.params - b.params)

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
const validators = new Map<string, ValidateFunction | null>()

function validatorFor(method: string, template: string): ValidateFunction | null {
  const key = `${method} ${template}`
  if (!validators.has(key)) {
    const json = paths[template][method.toLowerCase()]?.responses?.['200']?.content?.['application/json']
    validators.set(key, json ? ajv.compile({ $ref: `openapi#/${pointer('paths', template, method.toLowerCase(), 'responses', '200', 'content', 'application/json', 'schema')}` }) : null)
  }
  return validators.get(key)!
}

/** What is wrong with `body` as the 200 answer of `method path` (a path under /api/istore/client); [] when nothing. */
export function contractProblems(method: string, path: string, body: unknown): string[] {
  const route = routes.find((r) => r.pattern.test(path) && paths[r.template][method.toLowerCase()])
  if (!route) return [`${method} ${path} is not a call of the contract`]
  const validate = validatorFor(method, route.template)
  if (!validate || validate(body)) return []
  return (validate.errors ?? []).map((e) => `${method} ${route.template}: ${e.instancePath || '(answer)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` '${e.params.additionalProperty}'` : ''}`)
}

/** The schema of a named contract shape (components/schemas), for fixtures that are not one call's answer. */
export function shapeProblems(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`openapi#/components/schemas/${name}`)
  if (!validate) return [`no contract shape named ${name}`]
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${name}: ${e.instancePath || '(value)'} ${e.message}`)
}
