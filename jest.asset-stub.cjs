// What a static asset import (an image, a `?url` file) gives in the jsdom tests: a URL-like string.
module.exports = 'test-asset-stub';
