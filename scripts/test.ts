// `npm test`: typecheck, lint, formatting, production build, then every test suite
// (unit, integration, browser). Stops at the first failing step.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const report = path.join(mkdtempSync(path.join(tmpdir(), "selvage-vitest-")), "report.json");

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
  console.log(`\n▶ ${name}: ${path.basename(command)} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (name === "tests") printSummary();
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
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
