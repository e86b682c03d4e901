import '../../renderer/html-only-client.ts'
