/** Account security grade from the server's level (25 per binding: real name, phone, e-mail, second password). */
export type SecurityGrade = 'low' | 'mid' | 'high';

export const securityGrade = (level: number): SecurityGrade => (level >= 75 ? 'high' : level >= 50 ? 'mid' : 'low');

export const SECURITY_COLOR: Record<SecurityGrade, string> = { high: '#2fb67c', mid: '#e6a23c', low: '#e5484d' };
