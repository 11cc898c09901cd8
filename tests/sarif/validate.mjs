// tests/sarif/validate.mjs FILE...: validates each file (a SARIF log written by
// `config-inspector-cli --format sarif`) against the SARIF 2.1.0 JSON schema that the npm package
// @microsoft/jest-sarif ships (lib/schemas/sarif-2.1.0-rtm.5.json, the schema of the OASIS
// 2.1.0 standard as schemastore.org publishes it; draft-04, so ajv's draft-04 class, with
// ajv-formats for "uri" and "date-time"). Prints "ok FILE" or the schema errors; exits 1 on any.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
// unicodeRegExp: false because the schema's own `language` pattern ("^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$")
// has a stray ']' that a unicode-mode RegExp rejects; without the u flag it compiles as the schema's authors ran it.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);
let failed = 0;
for (const file of process.argv.slice(2)) {
  const log = JSON.parse(readFileSync(file, 'utf8'));
  if (validate(log)) {
    console.log(`ok ${file}`);
  } else {
    failed++;
    console.log(`FAIL ${file}`);
    for (const e of validate.errors) console.log(`  ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
process.exit(failed ? 1 : 0);
