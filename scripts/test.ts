// `npm test`: typecheck, lint, formatting and the production build side by side, then every
// test suite (unit, integration, browser) if they all passed. Beside the first steps,
// scripts/test-fixtures.ts makes what every test shop and database would otherwise make
// for itself (a migrated embedded database, the drawn demo pictures). Arguments after `--`
// go to Vitest (`npm test -- tests/e2e/home.test.ts`).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const runDir = mkdtempSync(path.join(tmpdir(), "selvage-test-run-"));
const fixtureEnv = {
  EMBEDDED_DATABASE_TEMPLATE: path.join(runDir, "database.tar"),
  DEMO_PICTURES_DIR: path.join(runDir, "demo-pictures"),
};

// Made beside the first steps; only the tests need them.
const fixtures = runStep(["test fixtures", process.execPath, [path.resolve("scripts/test-fixtures.ts")]]);

type Step = [name: string, command: string, args: string[]];
/** Each stage's steps run side by side (two cores, and tsc and eslint each use one); the next stage waits for them. */
const stages: Step[][] = [
  // eslint reads the types React Router generates, as tsc does.
  [["typecheck", bin("react-router"), ["typegen"]]],
  [
    ["typecheck", bin("tsc"), ["--noEmit"]],
    ["lint", bin("eslint"), [".", "--max-warnings=0"]],
    ["format", bin("prettier"), ["--check", "."]],
    ["build", bin("react-router"), ["build"]],
  ],
];

for (const stage of stages) {
  const stageResults = await Promise.all(stage.map((step) => runStep(step)));
  const failedStep = stageResults.find((result) => result.status !== 0);
  if (failedStep) fail(failedStep.name, failedStep.status);
}

const fixturesResult = await fixtures;
if (fixturesResult.status !== 0) fail(fixturesResult.name, fixturesResult.status);

// The browser suite runs one file at a time (one shared shop), and while it waits on Chromium and
// the shop the cores are idle about a quarter of the time; alone it takes longer than all the
// other tests together. So it starts at once, and the unit and integration tests run beside it
// at a lower priority (`nice`, so their workers and shops inherit it), on what it leaves. Each
// suite writes its own report. A run with arguments is one Vitest, as given.
const vitestOptions = process.argv.slice(2);
const suites: Array<[name: string, vitestArgs: string[], live: boolean]> =
  vitestOptions.length > 0
    ? [["tests", vitestOptions, true]]
    : [
        ["browser tests", ["--project", "e2e"], true],
        ["unit and integration tests", ["--project", "unit", "--project", "integration"], false],
      ];
const reports = suites.map(([name]) => path.join(runDir, `${name.replaceAll(" ", "-")}.json`));
const results = await Promise.all(
  suites.map(([name, vitestArgs, live], index) => {
    const args = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${reports[index]}`, ...vitestArgs];
    if (live) return runStep([name, bin("vitest"), args], true);
    console.log(`\n▶ ${name}: running beside, shown when they end`);
    return runStep([name, "nice", ["-n", "10", bin("vitest"), ...args]]);
  }),
);
printSummary();
const failedSuite = results.find((result) => result.status !== 0);
if (failedSuite) fail(failedSuite.name, failedSuite.status);
rmSync(runDir, { recursive: true, force: true });

/**
 * Runs a step. Its output is held and shown whole when it ends, so steps side by side do not
 * interleave, unless it is `live` (then it is shown as it comes).
 */
function runStep([name, command, args]: Step, live = false): Promise<{ name: string; status: number }> {
  const heading = `\n▶ ${name}: ${path.basename(command)} ${args.join(" ")}`;
  if (live) console.log(heading);
  const child = spawn(command, args, {
    env: { ...process.env, ...fixtureEnv },
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.error(`\n▶ ${name}: ${error.message}`);
      resolve({ name, status: 1 });
    });
    child.once("close", (code) => {
      if (!live) console.log(`${heading}\n${output.trimEnd()}`);
      resolve({ name, status: code ?? 1 });
    });
  });
}

function fail(step: string, status: number): never {
  console.error(`\n✖ ${step} failed`);
  // The fixtures are about 50 MB; a failing run must not leave them behind either.
  rmSync(runDir, { recursive: true, force: true });
  process.exit(status);
}

/** The passed and failed counts of every suite together. */
function printSummary() {
  let passed = 0;
  let failed = 0;
  for (const report of reports) {
    try {
      const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, "utf8")) as {
        numPassedTests: number;
        numFailedTests: number;
      };
      passed += numPassedTests;
      failed += numFailedTests;
    } catch {
      // Vitest could not run this suite at all; its own output says why.
    }
  }
  console.log(`\n${passed} passed, ${failed} failed`);
}
