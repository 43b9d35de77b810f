import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useHashScroll } from './useHashScroll';

function Probe() {
  useHashScroll();
  return null;
}

describe('useHashScroll', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.scrollTo = jest.fn();
  });
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  it('scrolls to the section once it appears, retrying every 200 ms', () => {
    render(
      <MemoryRouter initialEntries={['/#faq']}>
        <Probe />
      </MemoryRouter>,
    );
    const section = document.createElement('section');
    section.id = 'faq';
    const scrollIntoView = jest.fn();
    section.scrollIntoView = scrollIntoView;
    act(() => jest.advanceTimersByTime(600));
    document.body.appendChild(section);
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(200));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('gives up after 10 attempts', () => {
    const getById = jest.spyOn(document, 'getElementById');
    render(
      <MemoryRouter initialEntries={['/#how-it-works']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => jest.advanceTimersByTime(5000));
    expect(getById.mock.calls.filter(([id]) => id === 'how-it-works')).toHaveLength(10);
  });
});
