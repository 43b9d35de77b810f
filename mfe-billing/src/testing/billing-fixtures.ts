import type {
  AddonOptionName,
  AddonPlanOption,
  AddonPlansResponse,
  CatalogPlan,
  Currency,
  PlansResponse,
} from 'contracts';

// Catalogues as GET /api/plans and GET /api/sheets-extension/plans answer them (issue 13's
// defaults), for the pages' tests. The prices are test data: the pages show what the API sends.

const FEATURES_PAID = { imageSizeLimit: '30MB', usageLimit: 'Unlimited extractions' };

type Unpriced = Omit<CatalogPlan, 'currency' | 'price' | 'showCard' | 'checkoutLink'>;

export function plansResponse(currency: Currency, paymentsAvailable = false): PlansResponse {
  const priced = (plan: Unpriced, showCard = true): CatalogPlan => ({
    ...plan,
    currency,
    price: currency === 'INR' ? plan.rate : plan.foreignRate,
    showCard,
    checkoutLink: `https://checkout.example/${plan.code}`,
  });
  return {
    country: currency === 'INR' ? 'IN' : 'US',
    isIndianUser: currency === 'INR',
    currency,
    conversionRate: 85,
    paymentsAvailable,
    plans: [
      priced({
        plan: 'Free user',
        code: 'free',
        rate: 0,
        foreignRate: 0,
        features: { imageSizeLimit: '5MB', usageLimit: '5 extractions per day', validity: 'n/a' },
        badge: null,
      }),
      priced(
        {
          plan: 'Pro Weekly',
          code: 'pro-weekly',
          rate: 169,
          foreignRate: 2,
          features: { ...FEATURES_PAID, validity: '7 days' },
          badge: null,
        },
        false,
      ),
      priced({
        plan: 'Pro Monthly',
        code: 'pro-monthly',
        rate: 129,
        foreignRate: 4,
        features: { ...FEATURES_PAID, validity: '30 days' },
        badge: 'Most popular',
      }),
      priced({
        plan: 'Pro Yearly',
        code: 'pro-yearly',
        rate: 999,
        foreignRate: 33,
        features: { ...FEATURES_PAID, validity: '365 days' },
        badge: 'Best Value',
      }),
      priced({
        plan: 'Lifetime',
        code: 'lifetime',
        rate: 8499,
        foreignRate: 99,
        features: { ...FEATURES_PAID, validity: 'Lifetime' },
        badge: null,
      }),
    ],
  };
}

function option(
  name: AddonOptionName,
  credits: number,
  amount: number,
  ratePerExtraction: number,
): AddonPlanOption {
  return {
    name,
    kind: name.startsWith('sub') ? 'subscription' : 'topUp',
    label: `${String(credits)} credits`,
    credits,
    amount,
    ratePerExtraction,
    checkoutLink: `https://checkout.example/addon/${name}`,
  };
}

export function addonPlansResponse(paymentsAvailable = false): AddonPlansResponse {
  return {
    freeCreditsPerMonth: 5,
    paymentsAvailable,
    options: [
      option('sub100', 100, 5, 0.05),
      option('sub500', 500, 15, 0.03),
      option('sub1000', 1000, 25, 0.025),
      option('topUp100', 100, 7, 0.07),
      option('topUp500', 500, 25, 0.05),
      option('topUp1000', 1000, 45, 0.045),
    ],
  };
}

export const json = (body: unknown, status = 200): Promise<Response> =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

type Answer = unknown;

/**
 * Answers fetch by path ('/api/me', '/api/plans', ...); an unlisted call fails the test. A value
 * is the JSON body, or a function giving the response (to fail, or to change between calls).
 */
export function fakeApi(routes: Record<string, Answer>): jest.Mock {
  const fetchMock = jest.fn((input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const answer = routes[url.pathname];
    if (answer === undefined) return Promise.reject(new Error(`unexpected call to ${url.href}`));
    return typeof answer === 'function' ? (answer as () => Promise<Response>)() : json(answer);
  });
  global.fetch = fetchMock as jest.Mock;
  return fetchMock;
}
