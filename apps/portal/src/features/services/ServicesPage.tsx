import { useSearchParams } from 'react-router';
import { listServicesOptions } from '@acompanha/api-client';
import { Page, Tab, TabList, TabPanel, Tabs } from '@acompanha/ui';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { loadOrSignIn } from '../../app/loaders';
import { InvoicePanel } from './InvoicePanel';
import { ServicesPanel } from './ServicesPanel';
import { SalesPanel } from './SalesPanel';

/** Route loader: the services table opens already filled. */
export async function servicesLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () =>
    appQueryClient.query({ ...listServicesOptions({ query: { status: 'all' } }), staleTime: 'static' }),
  );
  return null;
}

/** The tabs by their name in the address (`?aba=vendas`), so a link (the first steps) can open one. */
const TABS = { servicos: 'services', vendas: 'sales', faturamento: 'invoice' } as const;
type TabKey = (typeof TABS)[keyof typeof TABS];

/** `/services`: what the professional sells, the sales made and the invoice of a period. */
export function ServicesPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('aba');
  const tab: TabKey = asked && asked in TABS ? TABS[asked as keyof typeof TABS] : 'services';
  return (
    <Page
      title="Serviços e vendas"
      description="Cadastre seus serviços, registre as vendas e acompanhe o faturamento."
      width="lg"
    >
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              const name = Object.entries(TABS).find(([, k]) => k === key)?.[0];
              if (!name || key === 'services') next.delete('aba');
              else next.set('aba', name);
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabList aria-label="Serviços, vendas e faturamento">
          <Tab id="services">Serviços</Tab>
          <Tab id="sales">Vendas</Tab>
          <Tab id="invoice">Faturamento</Tab>
        </TabList>
        <TabPanel id="services">
          <ServicesPanel />
        </TabPanel>
        <TabPanel id="sales">
          <SalesPanel />
        </TabPanel>
        <TabPanel id="invoice">
          <InvoicePanel />
        </TabPanel>
      </Tabs>
    </Page>
  );
}
