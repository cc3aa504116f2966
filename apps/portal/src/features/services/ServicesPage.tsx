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

/** `/services`: what the professional sells, the sales made and the invoice of a period. */
export function ServicesPage() {
  return (
    <Page
      title="Serviços e vendas"
      description="Cadastre seus serviços, registre as vendas e acompanhe o faturamento."
      width="lg"
    >
      <Tabs defaultSelectedKey="services">
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
