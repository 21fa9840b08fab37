import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** A step of the journey did not read as the shopper should read it. */
export class JourneyFailure extends Error {
  constructor(
    message: string,
    readonly page?: LynxPage,
  ) {
    super(message);
  }
}

/** A page load or a whole keystroke session; far more than either takes. */
const LYNX_TIMEOUT_MS = 60_000;

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A page as lynx rendered it (`-dump`, or "Save to a local file" in an interactive session: the
 * same text). Links and form fields carry lynx's numbers, `[12]`, which is how a lynx user
 * reaches them; the References list at the end says where each link leads.
 */
export class LynxPage {
  /** The rendered page before the References list, with lynx's numbers. */
  readonly numbered: string;
  /** What the shopper reads: the rendered page without the numbers, one entry a line. */
  readonly lines: string[];
  /** Link number to URL. */
  readonly links = new Map<number, string>();

  constructor(
    readonly name: string,
    readonly text: string,
  ) {
    const references = text.search(/^References$/m);
    this.numbered = references >= 0 ? text.slice(0, references) : text;
    this.lines = this.numbered.split("\n").map((line) => line.replace(/\[\d+\]/g, "").trimEnd());
    if (references >= 0) {
      for (const match of text.slice(references).matchAll(/^\s*(\d+)\.\s+(\S+)\s*$/gm)) {
        this.links.set(Number(match[1]), match[2]!);
      }
    }
  }

  /** The text flattened to single spaces: for sentences lynx may have wrapped. */
  get flatText(): string {
    return this.lines.join(" ").replace(/\s+/g, " ");
  }

  /** The page's own URL, read from where the skip link (first on every page) leads. */
  get url(): URL | null {
    const skip = this.linkTargets("Skip to main content")[0];
    if (!skip) return null;
    const url = new URL(skip);
    url.hash = "";
    return url;
  }

  /** Every link on the page: its number, the text lynx shows for it, and where it leads. */
  allLinks(): { number: number; label: string; url: string }[] {
    const found: { number: number; label: string; url: string }[] = [];
    for (const match of this.numbered.matchAll(/\[(\d+)\]([^[\n]*)/g)) {
      const number = Number(match[1]);
      const url = this.links.get(number);
      if (url) found.push({ number, label: match[2]!.trim(), url });
    }
    return found;
  }

  /**
   * Where the links shown with this text lead, in page order. A dump does not mark where a link's
   * text ends, so plain text after it on the same line ("[40]Account Menu") is allowed when no
   * link reads exactly `label`.
   */
  linkTargets(label: string): string[] {
    const links = this.allLinks();
    const exact = links.filter((link) => link.label === label);
    const matches = exact.length > 0 ? exact : links.filter((link) => link.label.startsWith(`${label} `));
    return matches.map((link) => link.url);
  }

  /** Where the first link shown as `label` leads; fails the step when the page has none. */
  linkUrl(label: string): string {
    const url = this.linkTargets(label)[0];
    if (!url) throw new JourneyFailure(`The ${this.name} page shows no link "${label}".`, this);
    return url;
  }

  /**
   * The number of the first text field after the first line that starts with `label` (lynx puts
   * a label before its field, on the same line or a line above).
   */
  fieldAfter(label: string): number {
    const lines = this.numbered.split("\n");
    const at = lines.findIndex((line) =>
      line
        .replace(/\[\d+\]/g, "")
        .trim()
        .startsWith(label),
    );
    const field = at < 0 ? null : /\[(\d+)\]_/.exec(lines.slice(at).join("\n"));
    if (!field) throw new JourneyFailure(`The ${this.name} page shows no text field labelled "${label}".`, this);
    return Number(field[1]);
  }

  /** The number of the first button shown as "(BUTTON) label" after field `after` (or anywhere). */
  buttonNumber(label: string, after = 0): number {
    const pattern = new RegExp(`\\(\\[(\\d+)\\]BUTTON\\) ${escapeRegExp(label)}(?=\\s*(\\[|\\(|$))`, "gm");
    for (const match of this.numbered.matchAll(pattern)) {
      if (Number(match[1]) > after) return Number(match[1]);
    }
    throw new JourneyFailure(`The ${this.name} page shows no button "${label}".`, this);
  }

  /** The number of the checkbox shown as "[ ] label" (or "[X] label" when ticked). */
  checkboxNumber(label: string): number {
    const match = new RegExp(`\\[(\\d+)\\]\\[[ X]\\] ${escapeRegExp(label)}(?=\\s|$)`).exec(this.numbered);
    if (!match) throw new JourneyFailure(`The ${this.name} page shows no checkbox "${label}".`, this);
    return Number(match[1]);
  }

  /** Whether some line reads exactly `text` (ignoring indentation). */
  hasLine(text: string): boolean {
    return this.lines.some((line) => line.trim() === text);
  }

  /** The first line matching `pattern`, trimmed. */
  lineMatching(pattern: RegExp): string | undefined {
    return this.lines.map((line) => line.trim()).find((line) => pattern.test(line));
  }

  /** The next non-empty line after the first line reading exactly `text`. */
  lineAfter(text: string): string | undefined {
    const trimmed = this.lines.map((line) => line.trim());
    const at = trimmed.indexOf(text);
    return at < 0 ? undefined : trimmed.slice(at + 1).find(Boolean);
  }

  /** A heading as lynx shows h1 and h2: a line of its own starting at the left margin. */
  hasHeading(text: string): boolean {
    return this.lines.includes(text);
  }

  /** The page as the shopper read it, for failure reports (long pages are cut). */
  excerpt(maxLines = 90): string {
    const lines = this.lines.filter((line, i, all) => line.trim() || all[i - 1]?.trim());
    const cut =
      lines.length > maxLines ? [...lines.slice(0, maxLines), `   ... (${lines.length - maxLines} more lines)`] : lines;
    return cut.join("\n");
  }
}

/** Keys a lynx user presses, as a `-cmd_script` file. */
export class Keystrokes {
  private readonly lines: string[] = [];

  /** Types a link or field number and Enter: moves to it (a text field is then ready for typing). */
  goTo(number: number): this {
    return this.type(String(number)).press("Enter");
  }

  /** Types text into the current text field. */
  type(text: string): this {
    for (const char of text) {
      if (char < " " || char > "~")
        throw new Error(`Keystrokes.type: only printable ASCII can be typed, got ${JSON.stringify(char)}`);
      // A space would be lost as trailing whitespace of the script line: give its code instead.
      this.lines.push(`key ${char === " " ? "0x20" : char}`);
    }
    return this;
  }

  press(key: "Enter" | "Tab"): this {
    this.lines.push(key === "Enter" ? "key ^J" : "key ^I");
    return this;
  }

  /** Print > "Save to a local file" (the first option), replacing the suggested name with `file`. */
  savePage(file: string): this {
    this.lines.push("key p", "key ^J", "key ^U");
    this.type(file);
    this.lines.push("key ^J");
    return this;
  }

  /** `Q` quits without asking, and lynx writes its persistent cookies to the jar as it does. */
  quit(): string {
    // `exit` is a backstop should the keys have gone astray (e.g. Q typed into a field); it skips
    // the cookie jar, so later steps would notice.
    return [...this.lines, "key Q", "exit", ""].join("\n");
  }
}

export interface LynxOptions {
  /** Directory for the lynx configuration, cookie jar, keystroke scripts and saved pages. */
  workDir: string;
  lynxPath?: string;
}

/**
 * Drives Debian's lynx the way a shopper would, with one cookie jar across runs.
 *
 * Lynx keeps session cookies (no expiry, like the CSRF cookie) in memory only and writes just the
 * persistent ones to its jar, as browsers do across restarts. So every form that needs the CSRF
 * cookie is filled in one interactive session that loads the form page first (`session`), which is
 * also what a person at a terminal does; `dump` reads pages and can post forms that need no token.
 */
export class Lynx {
  private readonly config: string;
  private readonly jar: string;
  private readonly lynxPath: string;
  private runs = 0;

  constructor(private readonly options: LynxOptions) {
    this.lynxPath = options.lynxPath ?? "lynx";
    this.config = path.join(options.workDir, "lynx.cfg");
    this.jar = path.join(options.workDir, "cookies.txt");
    // A configuration of our own, not the system's: the same behaviour on every machine.
    writeFileSync(
      this.config,
      [
        "CHARACTER_SET:utf-8",
        "SET_COOKIES:TRUE",
        "ACCEPT_ALL_COOKIES:TRUE",
        // Read the jar at start and write it at exit.
        "PERSISTENT_COOKIES:TRUE",
        // Number links and form fields, so a keystroke script can go to one by its number.
        "DEFAULT_KEYPAD_MODE:LINKS_AND_FIELDS_ARE_NUMBERED",
        "",
      ].join("\n"),
    );
    writeFileSync(this.jar, "");
  }

  /** The cookie jar as lynx last wrote it. */
  cookieJar(): string {
    return readFileSync(this.jar, "utf8");
  }

  private env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // No ~/.lynxrc of the machine's user; a terminal type every system knows, wide enough that
      // product names and sentences are not wrapped.
      HOME: this.options.workDir,
      TERM: "vt100",
      COLUMNS: "200",
      LINES: "60",
    };
    // The shop runs on localhost: a proxy set for the machine must not see these requests.
    for (const name of ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"])
      delete env[name];
    return env;
  }

  private commonArgs() {
    return [`-cfg=${this.config}`, "-accept_all_cookies", `-cookie_file=${this.jar}`, `-cookie_save_file=${this.jar}`];
  }

  /**
   * Runs lynx without blocking the event loop, so the server's output pipes keep draining (a
   * blocked pipe would stall the server and lynx with it).
   */
  private run(args: string[], input: string | undefined, what: string, allowedExit = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.lynxPath, args, {
        env: this.env(),
        stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
      child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
      const timer = setTimeout(() => child.kill("SIGKILL"), LYNX_TIMEOUT_MS);
      child.once("error", (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          new Error(
            error.code === "ENOENT"
              ? `lynx not found (${this.lynxPath}). Install it (Debian/Ubuntu: sudo apt-get install lynx, or as root bash scripts/ensure-test-tools.sh) or set LYNX_PATH.`
              : `lynx failed while ${what}: ${error.message}`,
          ),
        );
      });
      child.once("close", (code, signal) => {
        clearTimeout(timer);
        const output = Buffer.concat(stdout).toString("utf8");
        if (code === 0 || code === allowedExit) return resolve(output);
        const why =
          signal === "SIGKILL" ? `was stopped after ${LYNX_TIMEOUT_MS / 1000} s` : `exited with ${code ?? signal}`;
        reject(
          new Error(
            `lynx ${why} while ${what}:\n${Buffer.concat(stderr).toString("utf8").trim()}\n${lastScreen(output)}`,
          ),
        );
      });
      child.stdin?.end(input);
    });
  }

  /** `lynx -dump url`: the page as the shopper reads it. */
  async dump(name: string, url: string): Promise<LynxPage> {
    return new LynxPage(
      name,
      await this.run(["-dump", "-width=200", ...this.commonArgs(), url], undefined, `reading ${url}`),
    );
  }

  /**
   * `lynx -dump url` of a page that answers with an error status (a 404, a 410), which lynx shows
   * like any other page but then exits 1; `-error_file` says which status it got.
   */
  async dumpError(name: string, url: string): Promise<{ page: LynxPage; status: number }> {
    const statusFile = path.join(this.options.workDir, `status-${++this.runs}.txt`);
    const text = await this.run(
      ["-dump", "-width=200", `-error_file=${statusFile}`, ...this.commonArgs(), url],
      undefined,
      `reading ${url}`,
      1,
    );
    return {
      page: new LynxPage(name, text),
      status: Number(/^STATUS=HTTP\/[\d.]+ (\d{3})/m.exec(readFileSync(statusFile, "utf8"))?.[1]),
    };
  }

  /** `lynx -dump -post_data url`: posts `fields` as a form would (urlencoded) and reads where it lands. */
  async postDump(name: string, url: string, fields: Record<string, string>): Promise<LynxPage> {
    const body = new URLSearchParams(fields).toString();
    return new LynxPage(
      name,
      await this.run(
        ["-dump", "-width=200", "-post_data", ...this.commonArgs(), url],
        `${body}\n---\n`,
        `posting to ${url}`,
      ),
    );
  }

  /**
   * An interactive lynx session at `url`: the shopper presses `keys`, then lynx saves the page it
   * ended on (Print > Save to a local file), which is returned. No saved page means the keys went
   * astray; the failure then shows lynx's last screen.
   */
  async session(name: string, url: string, keys: (keys: Keystrokes) => Keystrokes): Promise<LynxPage> {
    const run = ++this.runs;
    const pageFile = path.join(this.options.workDir, `session-${run}-${name.replace(/[^a-z0-9]+/gi, "-")}.txt`);
    const scriptFile = path.join(this.options.workDir, `session-${run}.keys`);
    writeFileSync(scriptFile, keys(new Keystrokes()).savePage(pageFile).quit());
    const screen = await this.run(
      ["-nopause", ...this.commonArgs(), `-cmd_script=${scriptFile}`, url],
      undefined,
      `running ${scriptFile}`,
    );
    if (!existsSync(pageFile)) {
      throw new JourneyFailure(
        `The lynx session at ${url} never saved the "${name}" page: the keystrokes (${scriptFile}) went astray.\n` +
          `Lynx's last screen output:\n${lastScreen(screen)}`,
      );
    }
    return new LynxPage(name, readFileSync(pageFile, "utf8"));
  }
}

/** The tail of a curses screen log as plain text: enough to see the last prompt or message. */
function lastScreen(output: string): string {
  const plain = output
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, " ") // eslint-disable-line no-control-regex
    .replace(/\x1b[()][0-9A-Z]|\x1b[=>]/g, "") // eslint-disable-line no-control-regex
    .replace(/[^\S\n]+/g, " ");
  return plain.slice(-1500);
}
