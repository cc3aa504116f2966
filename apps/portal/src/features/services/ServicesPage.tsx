import { listServicesOptions } from '@acompanha/api-client';
import { Page, Tab, TabList, TabPanel, Tabs } from '@acompanha/ui';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { loadOrSignIn } from '../../app/loaders';
import { InvoicePanel } from './InvoicePanel';
import { ServicesPanel } from './ServicesPanel';
import { SalesPanel } from './SalesPanel';
import { useTabParam } from '../../lib/useTabParam';

/** Route loader: the services table opens already filled. */
export async function servicesLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () =>
    appQueryClient.query({ ...listServicesOptions({ query: { status: 'all' } }), staleTime: 'static' }),
  );
  return null;
}

/** `/services`: what the professional sells, the sales made and the invoice of a period. */
export function ServicesPage() {
  // By name in the address (`?aba=vendas`): the first steps link to the sales.
  const [tab, setTab] = useTabParam(['servicos', 'vendas', 'faturamento']);
  return (
    <Page
      title="Serviços e vendas"
      description="Cadastre seus serviços, registre as vendas e acompanhe o faturamento."
      width="lg"
    >
      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList aria-label="Serviços, vendas e faturamento">
          <Tab id="servicos">Serviços</Tab>
          <Tab id="vendas">Vendas</Tab>
          <Tab id="faturamento">Faturamento</Tab>
        </TabList>
        <TabPanel id="servicos">
          <ServicesPanel />
        </TabPanel>
        <TabPanel id="vendas">
          <SalesPanel />
        </TabPanel>
        <TabPanel id="faturamento">
          <InvoicePanel />
        </TabPanel>
      </Tabs>
    </Page>
  );
}
