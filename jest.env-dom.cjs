// jsdom with the Fetch API classes Node already has (Request, Response, Headers), which jsdom
// lacks and the shell's router and API client use.
const { TestEnvironment } = require('jest-environment-jsdom');

class DomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'TextEncoder', 'TextDecoder']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = DomWithFetch;
