import '@testing-library/jest-dom';

// jsdom does not scroll; pages call it on navigation.
window.scrollTo = () => undefined;
