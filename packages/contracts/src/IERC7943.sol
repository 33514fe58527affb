// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";

// ERC-7943 ("uRWA"), the three interfaces as the ERC's reference text declares them (the version
// with canTransact), so their ERC-165 ids are the standard ones. Written from the ERC's text.

/// @notice ERC-7943 for ERC-20 tokens.
interface IERC7943Fungible is IERC165 {
    event ForcedTransfer(address indexed from, address indexed to, uint256 amount);
    event Frozen(address indexed account, uint256 amount);

    error ERC7943CannotTransact(address account);
    error ERC7943CannotTransfer(address from, address to, uint256 amount);
    error ERC7943InsufficientUnfrozenBalance(address account, uint256 amount, uint256 unfrozen);

    function forcedTransfer(address from, address to, uint256 amount) external returns (bool result);
    function setFrozenTokens(address account, uint256 amount) external returns (bool result);
    function canTransact(address account) external view returns (bool allowed);
    function getFrozenTokens(address account) external view returns (uint256 amount);
    function canTransfer(address from, address to, uint256 amount) external view returns (bool allowed);
}

/// @notice ERC-7943 for ERC-721 tokens: freezing is per item.
interface IERC7943NonFungible is IERC165 {
    event ForcedTransfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Frozen(address indexed account, uint256 indexed tokenId, bool indexed frozenStatus);

    error ERC7943CannotTransact(address account);
    error ERC7943CannotTransfer(address from, address to, uint256 tokenId);
    error ERC7943InsufficientUnfrozenBalance(address account, uint256 tokenId);

    function forcedTransfer(address from, address to, uint256 tokenId) external returns (bool result);
    function setFrozenTokens(address account, uint256 tokenId, bool frozenStatus) external returns (bool result);
    function canTransact(address account) external view returns (bool allowed);
    function getFrozenTokens(address account, uint256 tokenId) external view returns (bool frozenStatus);
    function canTransfer(address from, address to, uint256 tokenId) external view returns (bool allowed);
}

/// @notice ERC-7943 for ERC-1155 tokens.
interface IERC7943MultiToken is IERC165 {
    event ForcedTransfer(address indexed from, address indexed to, uint256 indexed tokenId, uint256 amount);
    event Frozen(address indexed account, uint256 indexed tokenId, uint256 amount);

    error ERC7943CannotTransact(address account);
    error ERC7943CannotTransfer(address from, address to, uint256 tokenId, uint256 amount);
    error ERC7943InsufficientUnfrozenBalance(address account, uint256 tokenId, uint256 amount, uint256 unfrozen);

    function forcedTransfer(address from, address to, uint256 tokenId, uint256 amount) external returns (bool result);
    function setFrozenTokens(address account, uint256 tokenId, uint256 amount) external returns (bool result);
    function canTransact(address account) external view returns (bool allowed);
    function getFrozenTokens(address account, uint256 tokenId) external view returns (uint256 amount);
    function canTransfer(address from, address to, uint256 tokenId, uint256 amount)
        external
        view
        returns (bool allowed);
}

/// @notice What the Compliance contract reads from every asset token it serves.
interface IHolding {
    /// @return balance What `account` holds (base units, or items).
    /// @return frozen What of it may not leave by an ordinary transfer.
    function holdingOf(address account) external view returns (uint256 balance, uint256 frozen);
}
