// `npm test`: typecheck, lint, formatting and the production build side by side, then every
// test suite (unit, integration, browser) if they all passed. Beside the first steps,
// scripts/test-fixtures.ts makes what every test shop and database would otherwise make
// for itself (a migrated embedded database, the drawn demo pictures).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const runDir = mkdtempSync(path.join(tmpdir(), "selvage-test-run-"));
const report = path.join(runDir, "report.json");
const fixtureEnv = {
  EMBEDDED_DATABASE_TEMPLATE: path.join(runDir, "database.tar"),
  DEMO_PICTURES_DIR: path.join(runDir, "demo-pictures"),
};

const fixtures = startFixtures();

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
  const results = await Promise.all(stage.map(runQuietly));
  const failed = results.find((result) => result.status !== 0);
  if (failed) fail(failed.name, failed.status);
}

if (!(await fixtures)) fail("test fixtures", 1);
const vitestArgs = [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
console.log(`\n▶ tests: vitest ${vitestArgs.join(" ")}`);
const tests = spawnSync(bin("vitest"), vitestArgs, { stdio: "inherit", env: { ...process.env, ...fixtureEnv } });
printSummary();
if (tests.status !== 0) fail("tests", tests.status ?? 1);
rmSync(runDir, { recursive: true, force: true });

/** Runs a step with its output held, shown whole when it ends, so steps side by side do not interleave. */
function runQuietly([name, command, args]: Step): Promise<{ name: string; status: number }> {
  const child = spawn(command, args, { env: { ...process.env, ...fixtureEnv }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.error(`\n▶ ${name}: ${error.message}`);
      resolve({ name, status: 1 });
    });
    child.once("close", (code) => {
      console.log(`\n▶ ${name}: ${path.basename(command)} ${args.join(" ")}\n${output.trimEnd()}`);
      resolve({ name, status: code ?? 1 });
    });
  });
}

/** Runs scripts/test-fixtures.ts in the background; answers whether it succeeded (its output is shown if not). */
function startFixtures(): Promise<boolean> {
  const child = spawn(process.execPath, [path.resolve("scripts/test-fixtures.ts")], {
    env: { ...process.env, ...fixtureEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.error(`test fixtures: ${error.message}`);
      resolve(false);
    });
    child.once("close", (code) => {
      if (code !== 0) console.error(`\ntest fixtures failed:\n${output}`);
      resolve(code === 0);
    });
  });
}

function fail(step: string, status: number): never {
  console.error(`\n✖ ${step} failed`);
  // The fixtures are about 50 MB; a failing run must not leave them behind either.
  rmSync(runDir, { recursive: true, force: true });
  process.exit(status);
}

function printSummary() {
  try {
    const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    console.log(`\n${numPassedTests} passed, ${numFailedTests} failed`);
  } catch {
    // vitest could not run at all; its own output says why
  }
}
