import CustodyAudit
import Foundation

let status = await AuditCommand.run(
  Array(CommandLine.arguments.dropFirst()),
  output: { FileHandle.standardOutput.write(Data($0.utf8)) },
  errors: { FileHandle.standardError.write(Data($0.utf8)) })
exit(status)
