import { Card, Heading, Link, PublicLayout, Stack, Text } from '@acompanha/ui';

const SECTIONS: { title: string; paragraphs: string[] }[] = [
  {
    title: 'Quem somos',
    paragraphs: [
      'O Acompanha é uma ferramenta para profissionais de saúde — nutricionistas em primeiro lugar — acompanharem seus pacientes entre as consultas, com questionários, lembretes e relatórios.',
      'Para os dados da própria conta, o Acompanha é o controlador. Para os dados dos pacientes, o controlador é o profissional que os cadastra; o Acompanha atua como operador, tratando esses dados apenas para prestar o serviço ao profissional.',
    ],
  },
  {
    title: 'Quais dados tratamos',
    paragraphs: [
      'Do profissional: nome, e-mail, telefone, CPF ou CNPJ, registro no conselho, profissão, dados de assinatura e registros de acesso.',
      'Dos pacientes: os dados que o profissional cadastra (nome, contato, CPF, data de nascimento) e as respostas aos questionários, que podem incluir dados de saúde, como peso, medidas, hábitos e fotos de refeições. Dados de saúde são dados pessoais sensíveis e recebem proteção reforçada.',
    ],
  },
  {
    title: 'Para que usamos',
    paragraphs: [
      'Para criar e proteger sua conta, enviar os questionários e lembretes que você agenda, mostrar as respostas e relatórios, cobrar a assinatura e cumprir obrigações legais.',
      'Não vendemos dados e não os usamos para publicidade.',
    ],
  },
  {
    title: 'Bases legais (LGPD)',
    paragraphs: [
      'Execução de contrato para a conta e a assinatura do profissional; tutela da saúde e consentimento, conforme o caso, para os dados de saúde dos pacientes; cumprimento de obrigação legal e legítimo interesse para segurança e prevenção a fraudes.',
    ],
  },
  {
    title: 'Com quem compartilhamos',
    paragraphs: [
      'Apenas com fornecedores necessários ao serviço — hospedagem, envio de e-mails e de mensagens de WhatsApp e processamento de pagamentos — sob contrato e com as mesmas obrigações de proteção. Os dados do cartão ficam com o processador de pagamentos e nunca passam pelo nosso banco de dados.',
    ],
  },
  {
    title: 'Segurança e retenção',
    paragraphs: [
      'Senhas são guardadas com hash argon2id, os acessos usam conexões cifradas e sessões que expiram, e tentativas repetidas de acesso são bloqueadas.',
      'Mantemos os dados enquanto a conta existir. Quando um paciente é excluído, seus dados pessoais são anonimizados e restam apenas números agregados.',
    ],
  },
  {
    title: 'Seus direitos',
    paragraphs: [
      'Você pode pedir confirmação, acesso, correção, portabilidade, anonimização ou exclusão dos seus dados, e revogar consentimentos. Pacientes exercem esses direitos junto ao profissional que os acompanha, e nós o ajudamos a atender.',
    ],
  },
];

/** `/privacy-policy`: what we do with personal data, in plain Portuguese (LGPD). */
export function PrivacyPolicyPage() {
  return (
    <PublicLayout>
      <Stack gap={5}>
        <Stack gap={2}>
          <Heading level={1}>Política de Privacidade</Heading>
          <Text variant="muted">Última atualização: 21/11/2026</Text>
        </Stack>
        {SECTIONS.map((section) => (
          <Card key={section.title} title={section.title}>
            <Stack gap={3}>
              {section.paragraphs.map((p) => (
                <Text key={p.slice(0, 24)}>{p}</Text>
              ))}
            </Stack>
          </Card>
        ))}
        <Text>
          Dúvidas sobre privacidade? Escreva para{' '}
          <Link href="mailto:privacidade@acompanha.app">privacidade@acompanha.app</Link>.
        </Text>
        <Link href="/login">Voltar para o login</Link>
      </Stack>
    </PublicLayout>
  );
}
