// The worksheet view's test host, opened in headless Chromium: the HTTP server (the source, on a
// free port), a page on another origin that runs test/support/worksheetHost.ts (bundled here), and
// what a test asks of it: show a tool's view, see its text as a person does, take a screenshot.
import { existsSync, mkdirSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { join } from "node:path"
import { build } from "esbuild"
import type { Browser, FrameLocator, Locator, Page } from "playwright-core"
import { type SpawnedServer, freePort, repoRoot, spawnServer } from "./httpServer.ts"

const chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p))
const playwright = await import("playwright-core").catch(() => undefined)

/** Why the browser suite cannot run here, or undefined. */
export const chromiumMissing = !chromiumPath
  ? "Chromium is not installed (apt-get install chromium)"
  : !playwright
    ? "playwright-core is not installed"
    : undefined

/** Where the screenshots go (gitignored). */
export const artifacts = join(repoRoot, ".artifacts", "worksheet")

export interface HostTheme {
  readonly theme: "light" | "dark"
  /** Whether the host passes its style variables (else the view's own defaults show). */
  readonly styled: boolean
  /** Whether the host lets the view call tools (hostCapabilities.serverTools). */
  readonly serverTools: boolean
}

export const light: HostTheme = { theme: "light", styled: true, serverTools: true }

export interface WorksheetHost {
  readonly page: Page
  readonly server: SpawnedServer
  /** The host page's origin. */
  readonly origin: string
  /** Every URL the browser asked for. */
  readonly requests: ReadonlyArray<string>
  /** How many requests reached the page's server at /probe. */
  readonly probed: () => number
  /** Calls `tool` with `args` through the host and shows its view at `width`; once the view has drawn. */
  readonly show: (tool: string, args: Record<string, unknown>, width: number, theme?: HostTheme) => Promise<{ shown: Record<string, any>; frame: FrameLocator }>
  /** Evaluates `fn` in the view's frame, with `arg` (a string) when given. */
  readonly inView: <A>(fn: (arg: string) => A | Promise<A>, arg?: string) => Promise<A>
  /** A screenshot of the framed view, once the host has sized the frame to it. */
  readonly shoot: (name: string) => Promise<void>
  readonly close: () => Promise<void>
}

const hostPage =
  '<!doctype html><html lang="en"><title>Worksheet host</title><style>body{margin:0}iframe{display:block;width:100%;border:0}</style><div id="host"></div><script type="module" src="/host.js"></script>'

/** What a person sees of each match: its rendered text, without what only a screen reader hears. */
export const seen = (locator: Locator) =>
  locator.evaluateAll((nodes) =>
    nodes.map((n) => {
      const hidden = [...n.querySelectorAll<HTMLElement>(".sr-only")]
      for (const e of hidden) e.style.display = "none"
      // biome-ignore lint/performance/useDomNodeTextContent: what a person sees is the rendered text (cells apart, hidden text left out)
      const text = (n as HTMLElement).innerText.replace(/\s+/g, " ").trim()
      for (const e of hidden) e.style.display = ""
      return text
    })
  )

export const openWorksheetHost = async (): Promise<WorksheetHost> => {
  const opened: { server?: SpawnedServer; pages?: Server; browser?: Browser } = {}
  const close = async () => {
    await opened.browser?.close()
    if (opened.pages) {
      opened.pages.closeAllConnections()
      await new Promise((resolve) => opened.pages!.close(resolve))
    }
    await opened.server?.stop()
  }
  try {
    // the page is another origin (its own port): the server allows it by name, as an operator would
    const port = await freePort()
    const origin = `http://localhost:${port}`
    const server = (opened.server = await spawnServer({ env: { DIMENSIONAL_STORE: "memory", DIMENSIONAL_HTTP_ALLOWED_ORIGINS: origin } }))
    const bundled = await build({
      entryPoints: [join(repoRoot, "test/support/worksheetHost.ts")],
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent"
    })
    const script = bundled.outputFiles[0]!.text
    let probed = 0
    const pages = (opened.pages = createServer((request, response) => {
      if (request.url === "/probe") probed++
      if (request.url === "/host.js") response.writeHead(200, { "content-type": "text/javascript" }).end(script)
      else response.writeHead(200, { "content-type": "text/html" }).end(hostPage)
    }))
    await new Promise<void>((resolve) => pages.listen(port, "127.0.0.1", resolve))
    const browser = (opened.browser = await playwright!.chromium.launch({
      executablePath: chromiumPath!,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
    }))
    const context = await browser.newContext({ viewport: { width: 800, height: 900 } })
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin })
    const page = await context.newPage()
    // a busy machine is slow, not wrong: wait for what the page does, as long as it takes
    page.setDefaultTimeout(60_000)
    const requests: Array<string> = []
    page.on("request", (r) => requests.push(r.url()))
    await page.goto(`${origin}/`)
    await page.waitForFunction(() => typeof (globalThis as { hostConnect?: unknown }).hostConnect === "function")
    await page.evaluate((url) => (globalThis as unknown as { hostConnect: (u: string) => Promise<unknown> }).hostConnect(url), server.url)
    mkdirSync(artifacts, { recursive: true })
    const view = () => page.frames().find((f) => f !== page.mainFrame())!
    return {
      page,
      server,
      origin,
      requests,
      probed: () => probed,
      close,
      show: async (tool, args, width, theme = light) => {
        await page.setViewportSize({ width, height: 900 })
        const shown = await page.evaluate(
          ([tool, args, theme]) =>
            (globalThis as unknown as { hostShow: (t: string, a: unknown, o: unknown) => Promise<Record<string, any>> }).hostShow(tool, args, theme),
          [tool, args, theme] as const
        )
        const frame = page.frameLocator("iframe")
        await frame.locator("h1").waitFor()
        return { shown, frame }
      },
      inView: (fn, arg = "") => view().evaluate(fn, arg),
      shoot: async (name) => {
        // the host sizes the frame to the view's height (ui/notifications/size-changed)
        await page.waitForFunction(() => (document.querySelector("iframe")?.getBoundingClientRect().height ?? 0) > 200)
        await page.locator("iframe").screenshot({ path: join(artifacts, `${name}.png`) })
      }
    }
  } catch (e) {
    await close()
    throw e
  }
}
