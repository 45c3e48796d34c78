// The part of oidc-provider's API the tests use (the package ships no types; @types/oidc-provider
// would be one more devDependency for two calls).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http"
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (request: IncomingMessage, response: ServerResponse) => void
    on(event: string, listener: (...args: Array<unknown>) => void): this
  }
}
