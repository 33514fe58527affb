// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title Pays many holders of a distribution in one transaction, once per batch reference.
/// @notice A distribution (dividend, coupon, yield) is paid in batches from the issuer's vault.
/// Each batch carries the portal's reference and can be paid once: a payment job re-run after a
/// crash cannot pay the same holders twice, and reconciliation reads the batch back by reference.
contract BatchPayer {
    using SafeERC20 for IERC20;

    struct Batch {
        address payer;
        uint64 count;
        address token;
        uint256 total;
    }

    event BatchPaid(bytes32 indexed ref, address indexed payer, address indexed token, uint256 count, uint256 total);

    error AlreadyPaid(bytes32 ref);
    error LengthMismatch();
    error EmptyBatch();
    error WrongValue(uint256 expected, uint256 sent);
    error PaymentFailed(address to);

    mapping(bytes32 ref => Batch) public batches;

    /// @notice Pays amounts[i] wei to recipients[i]; msg.value must be their exact sum.
    function payEth(bytes32 ref, address[] calldata recipients, uint256[] calldata amounts) external payable {
        uint256 total = _record(ref, address(0), recipients, amounts);
        if (msg.value != total) revert WrongValue(total, msg.value);
        for (uint256 i; i < recipients.length; ++i) {
            // Vault addresses are accounts without code; a recipient that refuses fails the whole batch.
            (bool ok, ) = recipients[i].call{value: amounts[i]}("");
            if (!ok) revert PaymentFailed(recipients[i]);
        }
    }

    /// @notice Pays amounts[i] of `token` to recipients[i] from the caller (who approved this contract).
    /// The sum is pulled once, then sent on: one allowance update per batch, not one per holder.
    function payToken(
        bytes32 ref,
        IERC20 token,
        address[] calldata recipients,
        uint256[] calldata amounts
    ) external {
        uint256 total = _record(ref, address(token), recipients, amounts);
        token.safeTransferFrom(msg.sender, address(this), total);
        for (uint256 i; i < recipients.length; ++i) token.safeTransfer(recipients[i], amounts[i]);
    }

    function paid(bytes32 ref) external view returns (bool) {
        return batches[ref].payer != address(0);
    }

    /// Recorded before any value moves, so a recipient that calls back cannot pay the same ref again.
    function _record(
        bytes32 ref,
        address token,
        address[] calldata recipients,
        uint256[] calldata amounts
    ) private returns (uint256 total) {
        if (batches[ref].payer != address(0)) revert AlreadyPaid(ref);
        if (recipients.length != amounts.length) revert LengthMismatch();
        if (recipients.length == 0) revert EmptyBatch();
        for (uint256 i; i < amounts.length; ++i) total += amounts[i];
        batches[ref] = Batch(msg.sender, uint64(recipients.length), token, total);
        emit BatchPaid(ref, msg.sender, token, recipients.length, total);
    }
}
