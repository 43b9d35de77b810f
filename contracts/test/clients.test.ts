// One vocabulary of client names: the message surfaces are a named subset of the clients, not a
// second list (the wire values stay as they were).
import { CLIENT_SOURCES, type ClientSource } from '../src/clients.js';
import * as contracts from '../src/index.js';
import { SURFACES, type Surface } from '../src/messages.js';

describe('the clients of the platform (ClientSource)', () => {
  it('names the three clients with their wire values', () => {
    expect(CLIENT_SOURCES).toEqual(['text-ocr', 'sheets-addon', 'comment-filter']);
  });

  it('is exported by the package from its own module', () => {
    expect(contracts.CLIENT_SOURCES).toBe(CLIENT_SOURCES);
  });

  it('has every message surface among the clients, with the same wire values', () => {
    expect(SURFACES).toEqual(['text-ocr', 'sheets-addon']);
    const asClients: readonly ClientSource[] = SURFACES;
    for (const surface of asClients) expect(CLIENT_SOURCES).toContain(surface);
    const surface: Surface = 'sheets-addon';
    expect(contracts.SURFACES).toContain(surface);
  });
});
