#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Storefront
  import SwiftUI

  /// Sign in, who am I, sign out: fields bound to SessionViewModel.
  public struct LoginView: View {
    @Bindable private var model: SessionViewModel

    /// - Parameter model: The account screen's view model, made once by StorefrontScreens.
    public init(model: SessionViewModel) {
      _model = Bindable(model)
    }

    public var body: some View {
      Form {
        if let user = model.user {
          LabeledContent("Signed in as", value: user.displayName)
          Button("Who am I?") { Task { await model.whoAmI() } }
          Button("Sign out", role: .destructive) { Task { await model.signOut() } }
        } else {
          TextField("Username", text: $model.username)
            .textContentType(.username)
          SecureField("Password", text: $model.password)
            .textContentType(.password)
          Button("Sign in") { Task { await model.signIn() } }
            .disabled(model.isWorking)
        }
        if let message = model.message { Text(message).foregroundStyle(.red) }
      }
      .task { await model.observeSession() }
      .navigationTitle("Account")
    }
  }
#endif
