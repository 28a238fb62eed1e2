// The extension ships the JSON Schemas of the repository it sits in (schemas/), so that
// the YAML extension checks pack, card and scenario files against the same schemas as
// `cardtable validate`. Run by `npm install`.
const fs = require("fs");
const path = require("path");

const from = path.join(__dirname, "..", "..", "schemas");
const to = path.join(__dirname, "schemas");
fs.mkdirSync(to, { recursive: true });
for (const name of ["pack", "cards", "scenario"]) {
  fs.copyFileSync(path.join(from, `${name}.schema.json`), path.join(to, `${name}.schema.json`));
}
