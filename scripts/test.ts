// `npm test`: typecheck, lint, formatting, production build, then every test suite
// (unit, integration, browser). Stops at the first failing step. Beside the first steps,
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

const steps: [string, string, string[]][] = [
  ["typecheck", bin("react-router"), ["typegen"]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["lint", bin("eslint"), [".", "--max-warnings=0"]],
  ["format", bin("prettier"), ["--check", "."]],
  ["build", bin("react-router"), ["build"]],
  [
    "tests",
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  ],
];

for (const [name, command, args] of steps) {
  if (name === "tests" && !(await fixtures)) fail("test fixtures", 1);
  console.log(`\n▶ ${name}: ${path.basename(command)} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...fixtureEnv } });
  if (name === "tests") printSummary();
  if (result.status !== 0) fail(name, result.status ?? 1);
}
rmSync(runDir, { recursive: true, force: true });

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
