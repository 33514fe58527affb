// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @dev ERC-5192 "Minimal Soulbound NFTs"; its ERC-165 interface id is 0xb45a3c0e.
interface IERC5192 {
    event Locked(uint256 tokenId);
    event Unlocked(uint256 tokenId);

    function locked(uint256 tokenId) external view returns (bool);
}

/// @title Investor identity token: one per address, never transferable.
/// @notice The token URI points at the holder's verifiable credential (ipfs://<cid>).
contract SoulBoundToken is ERC721, AccessControl, IERC5192 {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    error Soulbound();
    error AlreadyHoldsToken(address holder);
    error EmptyTokenURI();

    /// @notice The issuer withdrew the token (its holder's verification was revoked); it is burnt.
    event Revoked(uint256 indexed tokenId, address indexed holder);

    uint256 private _lastTokenId;
    mapping(uint256 tokenId => string) private _tokenURIs;
    /// @notice The token an address holds, 0 when it holds none (ids start at 1).
    mapping(address holder => uint256 tokenId) public tokenOf;

    constructor(address admin) ERC721("Investor Portal Soul Bound Token", "PSBT") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
    }

    /// @return tokenId sequential, starting at 1
    function mint(address to, string calldata uri) external onlyRole(MINTER_ROLE) returns (uint256 tokenId) {
        if (bytes(uri).length == 0) revert EmptyTokenURI();
        tokenId = ++_lastTokenId;
        _tokenURIs[tokenId] = uri;
        _safeMint(to, tokenId);
        emit Locked(tokenId);
    }

    /// @notice Issuer only: burns a token whose credential was revoked. The holder may receive a
    /// new token later (a new verification), so their slot in `tokenOf` is freed.
    function revoke(uint256 tokenId) external onlyRole(MINTER_ROLE) {
        address holder = _requireOwned(tokenId);
        delete tokenOf[holder];
        delete _tokenURIs[tokenId];
        // The base implementation, past this contract's soulbound check: the only way to burn.
        ERC721._update(address(0), tokenId, address(0));
        emit Revoked(tokenId, holder);
    }

    function locked(uint256 tokenId) external view returns (bool) {
        _requireOwned(tokenId);
        return true;
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return _tokenURIs[tokenId];
    }

    function approve(address, uint256) public pure override {
        revert Soulbound();
    }

    function setApprovalForAll(address, bool) public pure override {
        revert Soulbound();
    }

    /// @dev Every ownership change passes here, so this one check covers transfers, safe transfers
    /// and burns: only a mint to an address that holds no token gets through.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        if (_ownerOf(tokenId) != address(0) || to == address(0)) revert Soulbound();
        if (tokenOf[to] != 0) revert AlreadyHoldsToken(to);
        tokenOf[to] = tokenId;
        return super._update(to, tokenId, auth);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControl) returns (bool) {
        return interfaceId == type(IERC5192).interfaceId || super.supportsInterface(interfaceId);
    }
}
