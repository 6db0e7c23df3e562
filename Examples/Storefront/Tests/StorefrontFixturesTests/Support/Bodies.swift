/// The wire shapes of the Storefront API, as a client decodes them.
struct PageBody: Decodable, Equatable {
  let products: [ProductBody]
  let total: Int
  let skip: Int
  let limit: Int
}

struct ProductBody: Decodable, Equatable {
  struct Dimensions: Decodable, Equatable {
    let width: Double
    let height: Double
    let depth: Double
  }

  struct Review: Decodable, Equatable {
    let rating: Int
    let comment: String
    let date: String
    let reviewerName: String
    let reviewerEmail: String
  }

  struct Meta: Decodable, Equatable {
    let createdAt: String
    let updatedAt: String
    let barcode: String
    let qrCode: String
  }

  let id: Int
  let title: String
  let description: String
  let category: String
  let price: Double
  let discountPercentage: Double
  let rating: Double
  let stock: Int
  let tags: [String]
  let brand: String?
  let sku: String
  let weight: Int
  let dimensions: Dimensions
  let warrantyInformation: String
  let shippingInformation: String
  let availabilityStatus: String
  let reviews: [Review]
  let returnPolicy: String
  let minimumOrderQuantity: Int
  let meta: Meta
  let images: [String]
  let thumbnail: String
}

struct IDPageBody: Decodable {
  struct Item: Decodable { let id: Int }
  let products: [Item]
  let total: Int
  let skip: Int
  let limit: Int
}

struct CategoryBody: Decodable, Equatable {
  let slug: String
  let name: String
  let url: String
}

struct MessageBody: Decodable { let message: String }

struct SessionBody: Decodable {
  let id: Int
  let username: String
  let email: String
  let firstName: String
  let lastName: String
  let gender: String
  let image: String
  let accessToken: String
  let refreshToken: String
}

struct TokensBody: Decodable {
  let accessToken: String
  let refreshToken: String
}

struct UserBody: Decodable {
  let id: Int
  let username: String
  let firstName: String
}
