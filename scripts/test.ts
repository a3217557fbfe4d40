// `npm test`: typecheck, lint, formatting, production build, then every test suite
// (unit, integration, browser). Stops at the first failing step. Beside the first steps,
// scripts/test-fixtures.ts makes what every test shop and database would otherwise make
// for itself (a migrated embedded database, the drawn demo pictures).
//
// The browser files run one at a time (they share one shop), and vitest runs such files
// only after all others; so a whole run starts them in a second vitest beside the unit and
// integration files, and shows their output when they finish. Arguments (a file, -t) go to
// one vitest, as they are.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const runDir = mkdtempSync(path.join(tmpdir(), "selvage-test-run-"));
const fixtureEnv = {
  EMBEDDED_DATABASE_TEMPLATE: path.join(runDir, "database.tar"),
  DEMO_PICTURES_DIR: path.join(runDir, "demo-pictures"),
};
const env = { ...process.env, ...fixtureEnv };

// Quiet while it works: its output is shown only if it fails.
const fixturesChild = spawn(process.execPath, [path.resolve("scripts/test-fixtures.ts")], {
  env,
  stdio: ["ignore", "pipe", "pipe"],
});
const fixturesOutput = captured(fixturesChild);
const fixtures = finished(fixturesChild, "test fixtures");

const steps: [string, string, string[]][] = [
  ["typecheck", bin("react-router"), ["typegen"]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["lint", bin("eslint"), [".", "--max-warnings=0"]],
  ["format", bin("prettier"), ["--check", "."]],
  ["build", bin("react-router"), ["build"]],
];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${path.basename(command)} ${args.join(" ")}`);
  if (!(await finished(spawn(command, args, { env, stdio: "inherit" }), name))) fail(name);
}
if (!(await fixtures)) {
  console.error(fixturesOutput());
  fail("test fixtures");
}

const extraArgs = process.argv.slice(2);
const suites =
  extraArgs.length > 0
    ? [{ name: "tests", args: extraArgs }]
    : [
        { name: "unit and integration tests", args: ["--project", "unit", "--project", "integration"] },
        { name: "browser tests", args: ["--project", "e2e"] },
      ];
const results = await Promise.all(
  suites.map(async ({ name, args }, index) => {
    const report = path.join(runDir, `report-${index}.json`);
    const command = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args];
    console.log(`\n▶ ${name}: vitest ${command.join(" ")}${index > 0 ? " (output shown when it ends)" : ""}`);
    const child = spawn(bin("vitest"), command, { env, stdio: index === 0 ? "inherit" : ["ignore", "pipe", "pipe"] });
    const output = index > 0 ? captured(child) : undefined;
    const ok = await finished(child, name);
    if (output) console.log(`\n▶ ${name}, their output:\n${output()}`);
    return { name, ok, report };
  }),
);
const counts = results.map(({ report }) => countsOf(report));
if (counts.every(Boolean)) {
  const passed = counts.reduce((sum, c) => sum + c!.passed, 0);
  const failed = counts.reduce((sum, c) => sum + c!.failed, 0);
  console.log(`\n${passed} passed, ${failed} failed`);
}
const failedSuite = results.find((result) => !result.ok);
if (failedSuite) fail(failedSuite.name);
rmSync(runDir, { recursive: true, force: true });

/** Whether the process ran and exited 0. */
function finished(child: ChildProcess, name: string): Promise<boolean> {
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.error(`${name}: ${error.message}`);
      resolve(false);
    });
    child.once("close", (code) => resolve(code === 0));
  });
}

/** Everything a piped process writes, in order, to show later. */
function captured(child: ChildProcess): () => string {
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString("utf8");
}

function fail(step: string): never {
  console.error(`\n✖ ${step} failed`);
  process.exit(1);
}

/** Passed and failed tests from vitest's JSON report; null when vitest could not run at all (its output says why). */
function countsOf(report: string): { passed: number; failed: number } | null {
  try {
    const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    return { passed: numPassedTests, failed: numFailedTests };
  } catch {
    return null;
  }
}
